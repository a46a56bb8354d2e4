import CLMDB
import LedgerCore
import LedgerCrypto

/// What rebuilding the tree edges from the log did.
public struct TreeEdgesRebuild: Sendable, Equatable {
    public var records: UInt64 = 0
    public var edges = 0
    /// Edges at batch starts that none was kept at (an import keeps them at the signed heads only).
    public var added = 0
    /// Stored edges that held another root, or sat at no size of the log: damage.
    public var replaced = 0
    public var changed: Int { added + replaced }
}

extension Ledger {
    /// Whether the log holds records but no tree edges: a vault made before they were kept.
    public func treeEdgesMissing() throws -> Bool {
        try environment.read { txn in
            try txn.statistics(databases.treeEdges.database).ms_entries == 0 && LedgerState.load(txn, databases).frontier.size > 0
        }
    }

    /// Rebuilds the tree edges from the records, in one write transaction: the edges at the
    /// start of every committed batch (every size the vault could have signed) and at the
    /// end. `progress` is called with the records hashed so far.
    @discardableResult
    public func rebuildTreeEdges(progress: (UInt64) -> Void = { _ in }) throws -> TreeEdgesRebuild {
        try environment.write { txn in
            var rebuild = TreeEdgesRebuild()
            var edges: [UInt64: [UInt8]] = [:]
            var frontier = MerkleFrontier()
            let batches = try txn.cursor(databases.batches)
            var nextBatch = try batches.seek(atOrAfter: bigEndianBytes(1)).flatMap { sequenceNumber($0.key) }
            func keep() {
                for (size, root) in TreeEdges.edges(of: frontier) { edges[size] = root }
            }
            // Records are hashed a chunk at a time on every core (the leaf hash is most of
            // this pass) and joined into the frontier in order here.
            var pending: [UnsafeRawBufferPointer] = []
            pending.reserveCapacity(Self.treeEdgesChunk)
            var scanned: UInt64 = 0
            func join() throws {
                let records = pending
                pending.removeAll(keepingCapacity: true)
                for leaf in parallelMap(records.count, { MerkleHasher.leaf(records[$0]) }) {
                    frontier.append(leafHash: leaf)
                    if frontier.size % 65_536 == 0 { progress(frontier.size) }
                    while let start = nextBatch, start <= frontier.size {
                        if start == frontier.size { keep() }
                        nextBatch = try batches.move(.next).flatMap { sequenceNumber($0.key) }
                    }
                }
            }
            // Record pointers stay valid for the whole transaction, which writes only after the scan.
            try scanRecords(txn, from: 0) { sequence, record, _ in
                guard sequence == scanned else { return false }
                scanned += 1
                pending.append(record)
                if pending.count == Self.treeEdgesChunk { try join() }
                return true
            }
            try join()
            keep()
            rebuild.records = frontier.size
            let cursor = try txn.cursor(databases.treeEdges.database)
            var entry = try cursor.move(.first)
            while let (key, value) = entry {
                let size = sequenceNumber(key)
                if let size, let root = edges[size], root.elementsEqual(value) {
                    edges[size] = nil
                    rebuild.edges += 1
                } else {
                    try cursor.deleteCurrent()
                    rebuild.replaced += 1
                    if let size { rebuild.added -= edges[size] == nil ? 0 : 1 }
                }
                entry = try cursor.move(.next)
            }
            for (size, edge) in edges.sorted(by: { $0.key < $1.key }) {
                try txn.put(databases.treeEdges.database, key: bigEndianBytes(size), value: edge)
            }
            rebuild.edges += edges.count
            // Every edge put back was either missing (added) or held another root (counted above).
            rebuild.added += edges.count
            return rebuild
        }
    }

    /// Records hashed together by `rebuildTreeEdges`.
    static let treeEdgesChunk = 4_096
}
