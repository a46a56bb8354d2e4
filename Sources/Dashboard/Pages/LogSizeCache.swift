import Foundation

/// One value computed from the whole log, kept until the log grows: Today asks for running
/// activities on every request, and finding them reads every activity event of the log.
final class LogSizeCache<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var held: (size: UInt64, value: Value)?

    func value(size: UInt64, compute: () throws -> Value) rethrows -> Value {
        lock.lock()
        defer { lock.unlock() }
        if let held, held.size == size { return held.value }
        let value = try compute()
        held = (size, value)
        return value
    }
}
