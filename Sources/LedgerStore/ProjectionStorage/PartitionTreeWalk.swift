/// Checks a stored partition tree against the partitions as a cursor meets them, in key
/// order: each leaf is made and compared when the cursor leaves its two-byte prefix, each
/// branch when it leaves its first byte, the root at the end. Memory holds one leaf and one
/// branch, not every partition of the view.
struct PartitionTreeWalk {
    private let name: String
    private var leaf: (first: UInt8, second: UInt8)?
    private var leafChildren: [(name: [UInt8], hash: [UInt8])] = []
    private var branchChildren: [(name: [UInt8], hash: [UInt8])] = []
    private var rootChildren: [(name: [UInt8], hash: [UInt8])] = []
    /// Nodes the partitions make, each compared with the stored one under its key.
    private(set) var nodesMade = 0

    init(name: String) { self.name = name }

    /// The next partition in key order, with its entry hash.
    mutating func add(storedKey: [UInt8], entryHash: [UInt8], _ txn: Transaction, _ database: Database) throws {
        let prefix = (storedKey[0], storedKey[1])
        if let leaf, leaf != prefix {
            try closeLeaf(txn, database)
            if leaf.first != prefix.0 { try closeBranch(leaf.first, txn, database) }
        }
        leaf = prefix
        leafChildren.append((storedKey, entryHash))
    }

    /// Compares the root; returns its hash.
    mutating func finish(_ txn: Transaction, _ database: Database) throws -> [UInt8] {
        if let leaf {
            try closeLeaf(txn, database)
            try closeBranch(leaf.first, txn, database)
        }
        let bytes = try compare(PartitionTree.encode(rootChildren), PartitionTree.rootKey, txn, database)
        return PartitionTree.nodeHash(bytes, level: PartitionTree.Level.root.rawValue)
    }

    private mutating func closeLeaf(_ txn: Transaction, _ database: Database) throws {
        guard let leaf else { return }
        let bytes = try compare(PartitionTree.encode(leafChildren), PartitionTree.leafKey(leaf.first, leaf.second), txn, database)
        branchChildren.append(([leaf.second], PartitionTree.nodeHash(bytes, level: PartitionTree.Level.leaf.rawValue)))
        leafChildren.removeAll(keepingCapacity: true)
    }

    private mutating func closeBranch(_ first: UInt8, _ txn: Transaction, _ database: Database) throws {
        let bytes = try compare(PartitionTree.encode(branchChildren), PartitionTree.branchKey(first), txn, database)
        rootChildren.append(([first], PartitionTree.nodeHash(bytes, level: PartitionTree.Level.branch.rawValue)))
        branchChildren.removeAll(keepingCapacity: true)
    }

    private mutating func compare(_ made: [UInt8], _ key: [UInt8], _ txn: Transaction, _ database: Database) throws -> [UInt8] {
        guard let stored = try txn.get(database, key: key), stored.elementsEqual(made) else { throw CheckedPartitionTree.mismatch(name) }
        nodesMade += 1
        return made
    }
}
