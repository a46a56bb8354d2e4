import CLMDB

/// How much room a vault takes, for `demo` and the benchmarks.
public struct StorageStatistics: Sendable {
    public var events: Int
    public var averageRecordBytes: Double
    /// Bytes of LMDB pages holding the log and the dedup index.
    public var logBytes: Int
    public var indexBytes: Int
}

extension Ledger {
    public func storageStatistics() throws -> StorageStatistics {
        try environment.read { txn in
            var total = 0
            var count = 0
            let cursor = try txn.cursor(databases.log)
            var entry = try cursor.move(.first)
            while let (_, value) = entry {
                total += value.count
                count += 1
                entry = try cursor.move(.next)
            }
            return StorageStatistics(
                events: count, averageRecordBytes: count == 0 ? 0 : Double(total) / Double(count),
                logBytes: try pageBytes(txn, databases.log),
                indexBytes: try pageBytes(txn, databases.ids.settled) + pageBytes(txn, databases.ids.recent))
        }
    }

    private func pageBytes(_ txn: Transaction, _ database: Database) throws -> Int {
        let stat = try txn.statistics(database)
        return (stat.ms_branch_pages + stat.ms_leaf_pages + stat.ms_overflow_pages) * Int(stat.ms_psize)
    }
}

extension Ledger {
    /// Writes a compacted copy of the vault's data file (free pages dropped) into `directory`.
    public func copyCompacted(to directory: String) throws {
        try environment.copyCompacted(to: directory)
    }
}
