import Foundation
import Synchronization

/// How many requests each token made in the last minute, so one device (or a stolen token)
/// cannot keep the vault's writer busy.
final class RequestRate: Sendable {
    private let recent = Mutex<[String: [Date]]>([:])
    private let perMinute: Int

    init(perMinute: Int) {
        self.perMinute = perMinute
    }

    /// Counts a request of `token` now; false when it is past the rate.
    func admit(_ token: String, at now: Date = Date()) -> Bool {
        recent.withLock { recent in
            var times = recent[token, default: []].filter { now.timeIntervalSince($0) < 60 }
            guard times.count < perMinute else {
                recent[token] = times
                return false
            }
            times.append(now)
            recent[token] = times
            return true
        }
    }
}
