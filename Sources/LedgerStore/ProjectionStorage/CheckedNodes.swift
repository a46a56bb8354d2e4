import Synchronization

/// Tree nodes one view store has read and checked, by their hash, as the lookup tables a
/// walk down the tree uses. A node's hash names its content, so a node checked once is
/// still right whenever a parent names that hash: reads after the first walk down from the
/// checkpoint's root neither hash nor rebuild the wide upper nodes again. A save that
/// changes a node gives it a new hash, which is not here.
final class CheckedNodes: Sendable {
    private struct Tables {
        var inner: [[UInt8]: [UInt8: [UInt8]]] = [:]
        var leaves: [[UInt8]: [[UInt8]: [UInt8]]] = [:]
    }

    private let tables = Mutex(Tables())
    /// The root, every branch and a few thousand leaves; each table forgotten at once when full.
    private static let capacity = 8_192

    func inner(hashed hash: [UInt8]) -> [UInt8: [UInt8]]? { tables.withLock { $0.inner[hash] } }

    func leaf(hashed hash: [UInt8]) -> [[UInt8]: [UInt8]]? { tables.withLock { $0.leaves[hash] } }

    func remember(inner children: [UInt8: [UInt8]], hashed hash: [UInt8]) {
        tables.withLock { tables in
            if tables.inner.count >= Self.capacity { tables.inner.removeAll(keepingCapacity: true) }
            tables.inner[hash] = children
        }
    }

    func remember(leaf children: [[UInt8]: [UInt8]], hashed hash: [UInt8]) {
        tables.withLock { tables in
            if tables.leaves.count >= Self.capacity { tables.leaves.removeAll(keepingCapacity: true) }
            tables.leaves[hash] = children
        }
    }
}
