import LedgerCore
import LedgerCrypto
import Synchronization

extension DedupIndex {
    /// A commit of fewer keys than this, in a process whose map has not read `recent`, passes
    /// over `recent` once instead and searches `settled` without the filter (as a lookup of
    /// one id does): a single `mood 7` should not pay for reading the whole recent tier and
    /// the filter (see docs/performance.md, "DedupIndex.keysWorthTheMap").
    static let keysWorthTheMap = 1_024

    /// Whether each of `keys`, sorted, is stored in either tier or repeats the key before it.
    func stored(_ txn: Transaction, sortedKeys keys: [IndexKey]) throws -> [Bool] {
        guard !keys.isEmpty else { return [] }
        // Through one cursor, which lets go of the pages the lookups map all over the file.
        let settledCursor = try txn.cursor(settled)
        func inSettled(_ key: IndexKey) throws -> Bool {
            try key.withBytes { try settledCursor.seek(exactly: $0).flatMap { IndexValue.sequence($0.value) } != nil }
        }
        if keys.count < Self.keysWorthTheMap, recentKeys.passOverInstead() {
            let inRecent = try sequencesInRecent(of: Set(keys), txn)
            return try marking(keys) { key in try inRecent[key] != nil || inSettled(key) }
        }
        return try recentKeys.withCaughtUp(txn, self, storingFilter: true) { recent, filter, _ in
            try marking(keys) { key in try recent.sequence(of: key) != nil || filter.mayContain(key) && inSettled(key) }
        }
    }

    /// `isStored` of each key, or true for a key that repeats the one before it.
    private func marking(_ keys: [IndexKey], _ isStored: (IndexKey) throws -> Bool) rethrows -> [Bool] {
        var marks: [Bool] = []
        marks.reserveCapacity(keys.count)
        for (index, key) in keys.enumerated() {
            marks.append(try index > 0 && keys[index - 1] == key || isStored(key))
        }
        return marks
    }

    /// The sequence of `key` in `recent`, by a pass from its newest entry back to the key.
    func newestInRecent(_ key: IndexKey, _ txn: Transaction) throws -> UInt64? {
        let cursor = try txn.cursor(recent)
        var entry = try cursor.move(.last)
        while let (sequence, value) = entry {
            ReadStatistics.dedupKeysRead.wrappingAdd(1, ordering: .relaxed)
            if IndexKey(value) == key { return bigEndianValue(sequence) }
            entry = try cursor.move(.previous)
        }
        return nil
    }

    /// The sequences of those of `keys` in `recent`, by one pass over it.
    func sequencesInRecent(of keys: Set<IndexKey>, _ txn: Transaction) throws -> [IndexKey: UInt64] {
        var found: [IndexKey: UInt64] = [:]
        let cursor = try txn.cursor(recent)
        var entry = try cursor.move(.first)
        while let (sequence, value) = entry {
            ReadStatistics.dedupKeysRead.wrappingAdd(1, ordering: .relaxed)
            let key = IndexKey(value)
            if keys.contains(key) { found[key] = bigEndianValue(sequence) }
            entry = try cursor.move(.next)
        }
        return found
    }
}
