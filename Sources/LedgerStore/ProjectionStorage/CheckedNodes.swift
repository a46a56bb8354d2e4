import Synchronization

/// Tree nodes one view store has read and checked, by their hash, as the lookup tables a
/// walk down the tree uses. A node's hash names its content, so a node checked once is
/// still right whenever a parent names that hash: reads after the first walk down from the
/// checkpoint's root neither hash nor rebuild the wide upper nodes again. A save that
/// changes a node gives it a new hash, which is not here.
final class CheckedNodes: Sendable {
    private struct Tables {
        var inner: [[UInt8]: InnerNode] = [:]
        var leaves: [[UInt8]: [[UInt8]: [UInt8]]] = [:]
        var innerChildren = 0
        var leafChildren = 0
        var checked = 0
    }

    private let tables = Mutex(Tables())
    /// Children named by the roots and branches kept (a save gives those it changes new
    /// hashes; the table is forgotten at once when full): two whole trees' worth, 256 from the
    /// root and 256 from each branch. Counted by children, as leaves are, since a branch of a
    /// lifetime's view names all 256 and the ledger keeps these tables for as long as it is
    /// open (a dashboard's lifetime), whatever stale roots and branches its saves leave.
    static let innerChildLimit = 2 * 257 * 256
    /// Partitions named by the leaves kept, rather than a count of leaves: a leaf of a
    /// lifetime's view names many more partitions than a new vault's, and a replay's saves
    /// meet leaves by the thousand that they change at once, which no later read asks for.
    static let leafChildLimit = 16_384

    /// Nodes read and hashed since this table was made: what the tests hold bounded.
    var nodesChecked: Int { tables.withLock { $0.checked } }

    /// Children named by the roots and branches, and by the leaves, held now.
    var childrenHeld: (inner: Int, leaves: Int) { tables.withLock { ($0.innerChildren, $0.leafChildren) } }

    func inner(hashed hash: [UInt8]) -> InnerNode? { tables.withLock { $0.inner[hash] } }

    func leaf(hashed hash: [UInt8]) -> [[UInt8]: [UInt8]]? { tables.withLock { $0.leaves[hash] } }

    func remember(inner children: InnerNode, hashed hash: [UInt8]) {
        tables.withLock { tables in
            if tables.innerChildren + children.count > Self.innerChildLimit {
                tables.inner.removeAll()
                tables.innerChildren = 0
            }
            tables.inner[hash] = children
            tables.innerChildren += children.count
            tables.checked += 1
        }
    }

    func remember(leaf children: [[UInt8]: [UInt8]], hashed hash: [UInt8]) {
        tables.withLock { tables in
            if tables.leafChildren + children.count > Self.leafChildLimit {
                tables.leaves.removeAll()
                tables.leafChildren = 0
            }
            tables.leaves[hash] = children
            tables.leafChildren += children.count
            tables.checked += 1
        }
    }
}

/// The checked nodes of each view's current generation, kept for as long as the ledger is
/// open: a long-running reader (the dashboard) opens a view again after every append, and
/// the nodes a save did not change keep their hashes, so they are not read and hashed again.
/// Nodes are named by their content's hash, so sharing them between stores is as sound as
/// keeping them in one; a new generation (a replay) starts with none.
final class CheckedNodesOfViews: Sendable {
    private let byView = Mutex<[String: (generation: UInt64, nodes: CheckedNodes)]>([:])

    func nodes(of view: String, generation: UInt64) -> CheckedNodes {
        byView.withLock { held in
            if let kept = held[view], kept.generation == generation { return kept.nodes }
            let nodes = CheckedNodes()
            held[view] = (generation, nodes)
            return nodes
        }
    }
}
