import LedgerCore
import LedgerCrypto

extension Ledger {
    /// Opens every batch record from the one that holds `start` and checks the batch table
    /// against the log: each batch starts at a stored record, none lies past the end, and
    /// the first starts at 0.
    /// Reads depend on it (a record's nonce prefix and commit time come from its batch), and
    /// appends after a batch past the end would collide with it.
    func auditBatches(_ txn: Transaction, from start: UInt64 = 0, logEnd: UInt64, problems: inout ProblemCollector) throws {
        let cursor = try txn.cursor(databases.batches)
        var entry = try cursor.seek(atOrAfter: bigEndianBytes(start))
        if start > 0, entry.flatMap({ sequenceNumber($0.key) }) != start {
            entry = try (entry == nil ? cursor.move(.last) : cursor.move(.previous)) ?? cursor.move(.first)
        }
        var first = start == 0
        while let (key, value) = entry {
            defer { first = false }
            guard let start = sequenceNumber(key) else {
                problems.add(.batch, 0, 0, "a batch record has a key of \(key.count) bytes, which is not a sequence number")
                entry = try cursor.move(.next)
                continue
            }
            if first, start != 0, logEnd > 0 {
                problems.add(.batch, 0, start - 1, "no batch record covers these records (the one at sequence 0 was deleted)")
            }
            if start >= logEnd {
                problems.add(.batch, start, start, "a batch record starts past the end of the log (\(logEnd) records): it was added without the vault's key, and appends would collide with it")
            } else if try txn.get(databases.log, key: bigEndianBytes(start)) == nil {
                problems.add(.batch, start, start, "a batch record starts here but no record is stored here")
            }
            if let batch = BatchInfo(first: start, value: value) {
                do {
                    _ = try commitTime(of: batch)
                } catch {
                    problems.add(.batch, start, start, "the batch record's sealed commit time does not open: its bytes were changed or it was moved")
                }
            } else {
                problems.add(.batch, start, start, "the batch record is \(value.count) bytes, too short to hold a nonce prefix and a commit time")
            }
            entry = try cursor.move(.next)
        }
    }
}
