import Foundation

/// A view's partitions drained for a save whose write waits for the commits: the fold,
/// which goes on meanwhile, must read them as saved, not as the store still has them.
final class UnwrittenPartitions: @unchecked Sendable {
    private let lock = NSLock()
    /// Key → the generation of the drain that set it, and its value (nil: deleted).
    private var entries: [[UInt8]: (generation: Int, value: [UInt8]?)] = [:]
    private var generations = 0

    /// Holds `changes`; returns their generation, for `remove`.
    func add(_ changes: [(key: [UInt8], value: [UInt8]?)]) -> Int {
        lock.withLock {
            generations += 1
            for change in changes { entries[change.key] = (generations, change.value) }
            return generations
        }
    }

    /// The drained value of `key`: `.some(nil)` when it was deleted, nil when not held here.
    func lookup(_ key: [UInt8]) -> [UInt8]?? {
        lock.withLock { entries[key].map(\.value) }
    }

    /// Lets go of what a write stored, unless a later drain changed it again.
    func remove(_ keys: [[UInt8]], generation: Int) {
        lock.withLock {
            for key in keys where entries[key]?.generation == generation { entries[key] = nil }
        }
    }
}
