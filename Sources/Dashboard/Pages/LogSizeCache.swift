import Foundation
import Synchronization

/// One value computed from the whole log, kept until the log grows: Today asks for running
/// activities on every request, and finding them reads every activity event of the log.
final class LogSizeCache<Value: Sendable>: Sendable {
    private let held = Mutex<(size: UInt64, value: Value)?>(nil)

    func value<Failure: Error>(size: UInt64, compute: () throws(Failure) -> Value) throws(Failure) -> Value {
        try held.withLock { (held) throws(Failure) -> Value in
            if let held, held.size == size { return held.value }
            let value = try compute()
            held = (size, value)
            return value
        }
    }
}
