import CLMDB

/// The dedup index (keyed hash of an event id → sequence), in two tiers so that a bulk
/// import dirties a bounded number of pages per transaction however large the vault is.
///
/// Keys are keyed hashes, random by design, so a transaction of 50,000 new events touched
/// nearly every leaf of a single index: LMDB keeps a copy of each page a transaction
/// changes until it commits, so memory grew with the vault (85 MB of copies at 2M events)
/// and every commit rewrote the whole index. New keys now go into `recent`, which stays
/// small; past `Settling.recentLimit` keys, `settle` moves them into `settled` one slice of
/// the key space per transaction, each slice small enough to touch about
/// `Settling.pagesPerTransaction` of the settled index's pages.
///
/// Each key is in exactly one tier: a transaction that moves a key removes it from `recent`.
struct DedupIndex {
    /// Named `ids`, as in format 1, whose single index is a valid settled tier.
    let settled: Database
    /// Named `ids.recent`.
    let recent: Database

    /// When and how far `recent` is settled.
    struct Settling {
        /// Past this many recent keys (about 8 MB of pages), a commit settles them;
        /// ordinary appends from the command line stay far below it and never pay for it.
        var recentLimit = 1 << 17
        /// The settled index's pages that one settling transaction may touch (8 MB).
        var pagesPerTransaction = 2_048
    }

    static let settledName = "ids"
    static let recentName = "ids.recent"

    /// The sequence stored under `key`, in either tier.
    func sequence(_ txn: Transaction, key: UnsafeRawBufferPointer) throws -> UInt64? {
        if let found = try txn.get(recent, key: key, { IndexValue.sequence($0) }) { return found }
        return try txn.get(settled, key: key) { IndexValue.sequence($0) } ?? nil
    }

    /// Stores `key` → `value` unless the key is in either tier; returns whether it stored.
    func insert(_ txn: Transaction, key: UnsafeRawBufferPointer, value: UnsafeRawBufferPointer) throws -> Bool {
        guard try txn.get(settled, key: key, { _ in true }) == nil else { return false }
        return try txn.put(recent, key: key, value: value, mode: .insertOnly)
    }

    /// Replaces the value of a key this transaction inserted.
    func replaceInserted(_ txn: Transaction, key: UnsafeRawBufferPointer, value: UnsafeRawBufferPointer) throws {
        try txn.put(recent, key: key, value: value)
    }

    /// The key ranges to settle one per transaction if `recent` has grown past its limit:
    /// slices of the keys' first two bytes, as many as it takes for each to cover about
    /// `pagesPerTransaction` settled pages.
    func slicesToSettle(_ txn: Transaction, _ settling: Settling) throws -> [Range<Int>] {
        guard try txn.statistics(recent).ms_entries > settling.recentLimit else { return [] }
        let settledPages = try txn.statistics(settled).ms_leaf_pages
        let count = min(1 << 16, max(1, (settledPages + settling.pagesPerTransaction - 1) / settling.pagesPerTransaction))
        return (0..<count).map { index in (index << 16) / count..<((index + 1) << 16) / count }
    }

    /// Moves the recent keys whose first two bytes fall in `slice` into the settled index;
    /// `allowance` lets go of mapped pages as the walk maps them all over the file.
    func settle(_ txn: Transaction, slice: Range<Int>, allowance: inout MappedPageAllowance) throws {
        // Copied out first, into one buffer as length-prefixed key and value (both are well
        // under 256 bytes): the pointers a cursor gives are not valid across the puts and
        // deletes, and a range pair per entry took more room than the entries.
        var entries: [UInt8] = []
        var count = 0
        let cursor = try txn.cursor(recent)
        var entry = try cursor.seek(atOrAfter: [UInt8(slice.lowerBound >> 8), UInt8(slice.lowerBound & 0xFF)])
        while let (key, value) = entry, key.count >= 2, Int(key[0]) << 8 | Int(key[1]) < slice.upperBound {
            entries.append(UInt8(key.count))
            entries.append(contentsOf: key)
            entries.append(UInt8(value.count))
            entries.append(contentsOf: value)
            count += 1
            entry = try cursor.move(.next)
        }
        try entries.withUnsafeBytes { entries in
            var offset = 0
            for _ in 0..<count {
                allowance.step()
                let key = UnsafeRawBufferPointer(rebasing: entries[(offset + 1)..<(offset + 1 + Int(entries[offset]))])
                offset += 1 + key.count
                let value = UnsafeRawBufferPointer(rebasing: entries[(offset + 1)..<(offset + 1 + Int(entries[offset]))])
                offset += 1 + value.count
                try txn.put(settled, key: key, value: value)
                try txn.delete(recent, key: key)
            }
        }
    }
}

extension Ledger {
    /// Moves the recent dedup keys into the settled index, one slice per durable
    /// transaction, if there are more than the limit. A crash between slices leaves every
    /// key in one tier or the other, which is all a lookup needs.
    func settleRecentIDsIfNeeded() throws {
        var allowance = MappedPageAllowance(environment)
        for slice in try environment.read({ txn in try databases.ids.slicesToSettle(txn, idSettling) }) {
            try environment.write { txn in
                try databases.ids.settle(txn, slice: slice, allowance: &allowance)
            }
            environment.releaseMappedPages()
        }
    }
}
