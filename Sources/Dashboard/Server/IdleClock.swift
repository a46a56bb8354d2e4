import Foundation
import Synchronization

/// When the last request came: the server stops after `--idle` without one.
final class IdleClock: Sendable {
    private let last = Mutex(Date())

    func touch() {
        last.withLock { $0 = Date() }
    }

    var idleSeconds: Double {
        last.withLock { Date().timeIntervalSince($0) }
    }
}
