import Foundation
import Synchronization

/// A view's partitions drained for a save whose write waits for the commits: the fold,
/// which goes on meanwhile, must read them as saved, not as the store still has them.
final class UnwrittenPartitions: Sendable {
    private struct Held {
        /// Key → the generation of the drain that set it, and its value (nil: deleted).
        var entries: [[UInt8]: (generation: Int, value: [UInt8]?)] = [:]
        var generations = 0
    }

    private let held = Mutex(Held())

    /// Holds `changes`; returns their generation, for `remove`.
    func add(_ changes: [(key: [UInt8], value: [UInt8]?)]) -> Int {
        held.withLock { held in
            held.generations += 1
            for change in changes { held.entries[change.key] = (held.generations, change.value) }
            return held.generations
        }
    }

    /// The drained value of `key`: `.some(nil)` when it was deleted, nil when not held here.
    func lookup(_ key: [UInt8]) -> [UInt8]?? {
        held.withLock { $0.entries[key].map(\.value) }
    }

    /// Lets go of what a write stored, unless a later drain changed it again.
    func remove(_ keys: [[UInt8]], generation: Int) {
        held.withLock { held in
            for key in keys where held.entries[key]?.generation == generation { held.entries[key] = nil }
        }
    }
}
