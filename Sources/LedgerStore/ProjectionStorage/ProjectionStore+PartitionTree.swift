import CLMDB
import Synchronization

extension ProjectionStore {
    /// Checks that the tree holds exactly `sealed` for `storedKey`, or nothing when it is nil.
    func checkMembership(_ txn: Transaction, storedKey: [UInt8], sealed: [UInt8]?) throws {
        guard let checkpoint = try storedCheckpoint(txn) else {
            if sealed != nil { throw LedgerStoreError.damagedView(name: name, reason: "has partitions but no checkpoint (it was deleted)") }
            return
        }
        guard let root = try treeRoot(of: checkpoint, txn) else { return }
        var tree = try CheckedPartitionTree(txn, database: database, name: name, checkedNodes: checkedNodes, rootHash: root)
        let held = try tree.entryHash(txn, of: storedKey)
        guard held == sealed.map({ PartitionTree.entryHash(storedKey: storedKey, sealed: $0, key: ledger.projectionKey) }) else {
            throw CheckedPartitionTree.mismatch(name)
        }
    }

    /// The root of the tree `checkpoint` binds its partitions with; nil for a state saved with
    /// the previous version's set digest, checked whole here (`upgradeToPartitionTree` binds
    /// it with a tree before the engine reads). A state saved with neither cannot be checked.
    func treeRoot(of checkpoint: ProjectionCheckpoint, _ txn: Transaction) throws -> [UInt8]? {
        switch checkpoint.partitions {
        case nil:
            throw LedgerStoreError.damagedView(name: name, reason: "was saved without a digest of its partitions (by an earlier version), so it cannot be checked")
        case .setDigest(let saved):
            guard try setDigest(txn).digest == saved else { throw CheckedPartitionTree.mismatch(name) }
            return nil
        case .tree(let root):
            return root
        }
    }

    /// The tree a save updates, from the stored checkpoint's root (empty for a new view).
    func treeForSaving(_ txn: Transaction) throws -> CheckedPartitionTree {
        guard let stored = try storedCheckpoint(txn) else {
            guard try txn.statistics(database).ms_entries == 0 else {
                throw LedgerStoreError.damagedView(name: name, reason: "has partitions but no checkpoint (it was deleted)")
            }
            return try CheckedPartitionTree(txn, database: database, name: name, checkedNodes: checkedNodes, rootHash: PartitionTree.build([:]).root)
        }
        switch stored.partitions {
        case nil:
            // A state saved without one cannot be updated soundly: a replay rebuilds it.
            throw LedgerStoreError.damagedView(name: name, reason: "was saved without a digest of its partitions (by an earlier version), so it cannot be checked")
        case .setDigest:
            return try CheckedPartitionTree(txn, database: database, name: name, checkedNodes: checkedNodes, rootHash: try upgrade(txn, stored).root)
        case .tree(let root):
            return try CheckedPartitionTree(txn, database: database, name: name, checkedNodes: checkedNodes, rootHash: root)
        }
    }

    /// Writes every node of the tree over `entries`; returns its root hash.
    func putTree(_ entries: [[UInt8]: [UInt8]], _ txn: Transaction) throws -> [UInt8] {
        let tree = PartitionTree.build(entries)
        for (key, bytes) in tree.nodes { try txn.put(database, key: key, value: bytes) }
        return tree.root
    }

    /// The previous version's set digest of the stored entries, and each partition's entry hash.
    func setDigest(_ txn: Transaction) throws -> (digest: PartitionSetDigest, entries: [[UInt8]: [UInt8]]) {
        var digest = PartitionSetDigest()
        var entries: [[UInt8]: [UInt8]] = [:]
        let cursor = try txn.cursor(database)
        var entry = try cursor.move(.first)
        while let (key, value) = entry {
            if !key.elementsEqual(Self.checkpointKey) {
                ReadStatistics.partitionsOpened.wrappingAdd(1, ordering: .relaxed)
                digest.toggle(storedKey: key, sealed: value, key: ledger.projectionKey)
                entries[Array(key)] = PartitionTree.entryHash(storedKey: key, sealed: value, key: ledger.projectionKey)
            }
            entry = try cursor.move(.next)
        }
        return (digest, entries)
    }

    /// Checks a state saved with the previous version's set digest and binds it with a tree
    /// instead, in `txn`; returns the tree's root and how many partitions it binds.
    private func upgrade(_ txn: Transaction, _ stored: ProjectionCheckpoint) throws -> (root: [UInt8], partitions: Int) {
        guard case .setDigest(let saved) = stored.partitions else { preconditionFailure("only a set digest is upgraded") }
        let (digest, entries) = try setDigest(txn)
        guard digest == saved, entries.keys.allSatisfy(PartitionTree.isPartitionKey) else { throw CheckedPartitionTree.mismatch(name) }
        let root = try putTree(entries, txn)
        var bound = stored
        bound.partitions = .tree(root: root)
        try putCheckpoint(bound, txn)
        return (root, entries.count)
    }

    /// Binds a state the previous version saved with a tree, once, in one transaction; the
    /// number of partitions it bound, or nil when there was nothing to upgrade.
    public func upgradeToPartitionTree() throws -> Int? {
        // Looked at first in a read: a view that needs nothing takes no write lock.
        let saved = try ledger.environment.read { txn in try storedCheckpoint(txn)?.partitions }
        guard case .setDigest = saved else { return nil }
        return try ledger.environment.write { txn in
            guard let stored = try storedCheckpoint(txn), case .setDigest = stored.partitions else { return nil }
            return try upgrade(txn, stored).partitions
        }
    }

    /// Checks every stored entry against the checkpoint, as `audit` does: each partition the
    /// one the tree holds, every node the one the partitions make, nothing else stored.
    public func checkAllPartitions() throws {
        try ledger.environment.read { txn in
            guard let checkpoint = try storedCheckpoint(txn) else {
                if try txn.statistics(database).ms_entries > 0 {
                    throw LedgerStoreError.damagedView(name: name, reason: "has partitions but no checkpoint (it was deleted)")
                }
                return
            }
            guard let root = try treeRoot(of: checkpoint, txn) else { return }
            var walk = PartitionTreeWalk(name: name)
            var storedNodes = 0
            var walked = 0
            let cursor = try txn.cursor(database)
            var entry = try cursor.move(.first)
            while let (key, value) = entry {
                if PartitionTree.isPartitionKey(key) {
                    ReadStatistics.partitionsOpened.wrappingAdd(1, ordering: .relaxed)
                    try walk.add(storedKey: Array(key), entryHash: PartitionTree.entryHash(storedKey: key, sealed: value, key: ledger.projectionKey), txn, database)
                } else if PartitionTree.isNodeKey(key) {
                    storedNodes += 1
                } else if !key.elementsEqual(Self.checkpointKey) {
                    throw CheckedPartitionTree.mismatch(name)
                }
                // A walk over a lifetime's view would otherwise keep every page it passed mapped.
                walked += 1
                if walked % 4_096 == 0 { ledger.environment.releaseMappedPagesIfDue() }
                entry = try cursor.move(.next)
            }
            // Each node the partitions make matched the stored one; as many stored means no other.
            guard try walk.finish(txn, database) == root, walk.nodesMade == storedNodes else { throw CheckedPartitionTree.mismatch(name) }
        }
    }
}
