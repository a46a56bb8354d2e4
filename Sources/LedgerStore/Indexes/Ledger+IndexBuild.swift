import CLMDB
import LedgerCore
import LedgerCrypto

/// What bringing the store indexes up to the log did.
public struct StoreIndexBuild: Sendable, Equatable {
    /// The events indexed.
    public let indexed: UInt64
    /// The first of them: 0 for a vault that had no indexes, else where they stopped.
    public let from: UInt64
    /// Why a vault indexed by an earlier version was indexed again from the start: what
    /// this version indexes that it did not (nil when it was not).
    public var reindexedBecause: String?
}

extension Ledger {
    /// Events indexed per write transaction while building: a vault of millions is indexed
    /// in steps, each durable, so an interrupted build goes on where it stopped.
    static let indexBuildStep: UInt64 = 50_000

    /// Indexes the events the store indexes do not cover yet: all of them in a vault made
    /// before they existed, the newest in one an older build appended to. Returns nil when
    /// there was nothing to do. `progress` gets (indexed so far, to index).
    @discardableResult
    public func buildStoreIndexes(progress: ((UInt64, UInt64) -> Void)? = nil) throws -> StoreIndexBuild? {
        var from: UInt64?
        var indexed: UInt64 = 0
        let reindexedBecause = try environment.write { txn in try forgetEarlierIndexes(txn) }
        while true {
            let (stored, size) = try environment.read { txn in
                (try StoreIndexes.covered(txn, meta: databases.meta), try LedgerState.load(txn, databases).frontier.size)
            }
            // From nothing: whatever entries are there (past the log's end, or left by an
            // interrupted rebuild) would count twice, so the first step clears them.
            let first = stored == 0 || stored > size ? 0 : stored
            guard first < size else { break }
            let end = min(size, first + Self.indexBuildStep)
            // Read on both cores outside the write: the log only grows, so what these
            // events hold cannot change before the write checks no one indexed them.
            var events: [(sequence: UInt64, facts: IndexFacts)] = []
            events.reserveCapacity(Int(end - first))
            var blockGrams = BlockGrams()
            try forEach(from: first) { event in
                guard event.sequence < end else { return false }
                events.append((event.sequence, blockGrams.facts(of: event)))
                return event.sequence + 1 < end
            }
            guard events.count == Int(end - first) else {
                throw LedgerStoreError.damagedView(
                    name: "store indexes", reason: "records \(first)–\(end - 1) of the log could not all be read; `healthledger audit` says why")
            }
            let written = try environment.write { txn in
                guard try StoreIndexes.covered(txn, meta: databases.meta) == stored else { return false }
                if first == 0 { try clearStoreIndexes(txn) }
                try index(txn, events)
                try setCovered(txn, end)
                return true
            }
            guard written else { continue }
            let start = from ?? first
            from = start
            indexed += end - first
            progress?(indexed, size - start)
        }
        return from.map { StoreIndexBuild(indexed: indexed, from: $0, reindexedBecause: reindexedBecause) }
    }

    /// Clears the indexes of a vault an earlier version indexed, so the build indexes it from
    /// sequence 0; returns what is new if it did.
    func forgetEarlierIndexes(_ txn: Transaction) throws -> String? {
        var reason: String?
        for (version, earlier) in StoreIndexes.earlierCoveredKeys.enumerated() where try txn.get(databases.meta, key: earlier.key) != nil {
            try txn.delete(databases.meta, key: earlier.key)
            // What the version after the one that left them added, and whether later ones added more.
            reason = earlier.new + (version < StoreIndexes.earlierCoveredKeys.count - 1 ? ", among other new indexes" : "")
        }
        if reason != nil { try clearStoreIndexes(txn) }
        return reason
    }

    /// Empties the store indexes and indexes the whole log again (`replay` does this).
    @discardableResult
    public func rebuildStoreIndexes(progress: ((UInt64, UInt64) -> Void)? = nil) throws -> StoreIndexBuild {
        try environment.write { txn in try clearStoreIndexes(txn) }
        return try buildStoreIndexes(progress: progress) ?? StoreIndexBuild(indexed: 0, from: 0)
    }

    func clearStoreIndexes(_ txn: Transaction) throws {
        let indexes = databases.indexes
        for database in [indexes.byKind, indexes.byDay, indexes.amendments, indexes.activities, indexes.sameRecords, indexes.shortIDs, indexes.shortIDRuns, indexes.textBlooms, indexes.textRuns, indexes.textEvents] {
            try lmdb(mdb_drop(txn.handle, database.handle, 0), "mdb_drop(\(database.name))")
        }
        try setCovered(txn, 0)
    }
}
