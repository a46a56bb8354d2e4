/// The nodes of a view's `PartitionTree` that one transaction has read, each checked against
/// its parent from the root the checkpoint holds, and the changes a save makes to them.
///
/// Nodes are read only along the paths asked for, so a read or a save costs the same
/// however many partitions the view holds.
struct CheckedPartitionTree {
    private let database: Database
    private let name: String
    private let checkedNodes: CheckedNodes
    /// The root's children: first byte of a stored key → the branch's hash.
    private var root: InnerNode
    private var branches: [UInt8: InnerNode] = [:]
    private var leaves: [UInt16: [[UInt8]: [UInt8]]] = [:]
    private var changedLeaves: Set<UInt16> = []
    private var changedBranches: Set<UInt8> = []

    /// The tree under `rootHash`, its root node read and checked.
    init(_ txn: Transaction, database: Database, name: String, checkedNodes: CheckedNodes, rootHash: [UInt8]) throws {
        self.database = database
        self.name = name
        self.checkedNodes = checkedNodes
        root = InnerNode()
        root = try byteNamedChildren(txn, key: PartitionTree.rootKey, level: .root, expected: rootHash)
    }

    static func mismatch(_ name: String) -> LedgerStoreError {
        .damagedView(name: name, reason: "does not match the partitions its checkpoint was saved with: some were deleted, rolled back to an older copy or mixed in from another")
    }

    /// The entry hash the tree holds for `storedKey`, or nil when it holds none.
    mutating func entryHash(_ txn: Transaction, of storedKey: [UInt8]) throws -> [UInt8]? {
        try loadLeaf(txn, Self.leafID(storedKey))[storedKey]
    }

    /// Records `storedKey`'s new entry hash (nil: deleted), to be written by `save`.
    mutating func set(_ txn: Transaction, _ storedKey: [UInt8], entryHash: [UInt8]?) throws {
        let id = Self.leafID(storedKey)
        _ = try loadLeaf(txn, id)
        // Cannot fail: loadLeaf just put it in memory
        leaves[id]![storedKey] = entryHash
        changedLeaves.insert(id)
    }

    /// Writes the leaves changed so far and lets go of every leaf read: a save that goes
    /// through its partitions in stored-key order calls it as it leaves a leaf, so that it
    /// holds one leaf at a time rather than every leaf of a lifetime's view it touches.
    mutating func writeLeaves(_ txn: Transaction) throws {
        for id in changedLeaves {
            let first = UInt8(id >> 8), second = UInt8(id & 0xFF)
            // Cannot fail: set loaded every changed leaf, and leaves are let go only with the changes
            let entries = leaves[id]!.sorted { $0.key.lexicographicallyPrecedes($1.key) }.map { (name: $0.key, hash: $0.value) }
            let bytes = PartitionTree.encode(entries)
            let key = PartitionTree.leafKey(first, second)
            if entries.isEmpty { try txn.delete(database, key: key) } else { try txn.put(database, key: key, value: bytes) }
            _ = try loadBranch(txn, first)
            // Cannot fail: loadBranch just put it in memory
            branches[first]![second] = entries.isEmpty ? nil : PartitionTree.nodeHash(bytes, level: PartitionTree.Level.leaf.rawValue)
            changedBranches.insert(first)
        }
        changedLeaves.removeAll()
        leaves.removeAll()
    }

    /// Writes the changed leaves, their branches and the root; returns the new root hash.
    mutating func save(_ txn: Transaction) throws -> [UInt8] {
        try writeLeaves(txn)
        for first in changedBranches {
            // Cannot fail: writeLeaves loaded the branch of every changed leaf
            let branch = branches[first]!
            let bytes = branch.encoded
            let key = PartitionTree.branchKey(first)
            if branch.isEmpty { try txn.delete(database, key: key) } else { try txn.put(database, key: key, value: bytes) }
            root[first] = branch.isEmpty ? nil : PartitionTree.nodeHash(bytes, level: PartitionTree.Level.branch.rawValue)
        }
        let bytes = root.encoded
        changedBranches.removeAll()
        try txn.put(database, key: PartitionTree.rootKey, value: bytes)
        return PartitionTree.nodeHash(bytes, level: PartitionTree.Level.root.rawValue)
    }

    /// The leaf `storedKey` belongs to: its first two bytes.
    static func leafID(_ storedKey: [UInt8]) -> UInt16 { UInt16(storedKey[0]) << 8 | UInt16(storedKey[1]) }

    private mutating func loadBranch(_ txn: Transaction, _ first: UInt8) throws -> InnerNode {
        if let branch = branches[first] { return branch }
        var branch = InnerNode()
        if let expected = root[first] {
            branch = try byteNamedChildren(txn, key: PartitionTree.branchKey(first), level: .branch, expected: expected)
        }
        branches[first] = branch
        return branch
    }

    private mutating func loadLeaf(_ txn: Transaction, _ id: UInt16) throws -> [[UInt8]: [UInt8]] {
        if let leaf = leaves[id] { return leaf }
        let first = UInt8(id >> 8), second = UInt8(id & 0xFF)
        var leaf: [[UInt8]: [UInt8]] = [:]
        if let expected = try loadBranch(txn, first)[second] {
            leaf = try leafChildren(txn, key: PartitionTree.leafKey(first, second), expected: expected)
        }
        leaves[id] = leaf
        return leaf
    }

    /// The children of the root or a branch, by the byte that names each.
    private func byteNamedChildren(_ txn: Transaction, key: [UInt8], level: PartitionTree.Level, expected: [UInt8]) throws -> InnerNode {
        if let known = checkedNodes.inner(hashed: expected) { return known }
        let bytes = try txn.get(database, key: key) ?? []
        guard PartitionTree.nodeHash(bytes, level: level.rawValue) == expected,
              let children = bytes.withUnsafeBytes(InnerNode.init(decoding:))
        else { throw Self.mismatch(name) }
        checkedNodes.remember(inner: children, hashed: expected)
        return children
    }

    /// A leaf's entries: stored partition key → entry hash.
    private func leafChildren(_ txn: Transaction, key: [UInt8], expected: [UInt8]) throws -> [[UInt8]: [UInt8]] {
        if let known = checkedNodes.leaf(hashed: expected) { return known }
        let children = try children(txn, key: key, level: .leaf, expected: expected).reduce(into: [:]) { $0[$1.name] = $1.hash }
        checkedNodes.remember(leaf: children, hashed: expected)
        return children
    }

    /// A stored node's children, after checking its hash is the one its parent holds.
    private func children(_ txn: Transaction, key: [UInt8], level: PartitionTree.Level, expected: [UInt8]) throws -> [(name: [UInt8], hash: [UInt8])] {
        let bytes = try txn.get(database, key: key) ?? []
        guard PartitionTree.nodeHash(bytes, level: level.rawValue) == expected,
              let children = PartitionTree.decode(bytes, nameSize: level.nameSize)
        else { throw Self.mismatch(name) }
        return children
    }
}
