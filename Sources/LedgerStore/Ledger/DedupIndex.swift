import CLMDB
import LedgerCore
import LedgerCrypto

/// The dedup index (keyed hash of an event id → sequence), in two tiers so that a bulk
/// import writes few pages per transaction however large the vault is.
///
/// Keys are keyed hashes, random by design, so new keys inserted into a B-tree land all over
/// it and a transaction dirties most of the tree (see docs/performance.md, "DedupIndex: two
/// tiers"). New keys therefore go into `recent` under their
/// sequence numbers, which only grow, so a commit appends a few pages; `RecentKeyMap` finds
/// them there. Past `Settling.recentLimit` keys, `settle` moves them into `settled` one slice
/// of the key space per transaction, each slice small enough to touch about
/// `Settling.pagesPerTransaction` of the settled index's pages, and the last one empties
/// `recent` and stores the settled keys' filter (`SettledKeyFilter`), which spares new keys
/// a search of `settled`. A key may be in both tiers for a while (a settling cut short),
/// with the same sequence in each.
struct DedupIndex {
    /// Named `ids`, as in format 1, whose single index is a valid settled tier.
    let settled: Database
    /// Named `ids.bySequence`: sequence (u64 big-endian) → key.
    let recent: Database
    /// The ledger's `meta`, which holds the settled keys' filter and the count of settlings.
    let meta: Database
    let recentKeys = RecentKeyMap(capacity: Settling().recentLimit)

    /// When and how far `recent` is settled.
    struct Settling {
        /// A commit that would take `recent` past this many keys settles them first: three
        /// quarters of 2¹⁹ slots, the most `RecentKeyTable` holds before it doubles, 8 MB.
        /// Each settling rewrites most of the settled index, so the more keys it moves at
        /// once, the less a large import writes in all, up to where memory grows for no
        /// speed (see docs/performance.md, "DedupIndex.Settling.recentLimit").
        var recentLimit = 3 << 17
        /// The settled index's pages that one settling transaction may touch (8 MB).
        var pagesPerTransaction = 2_048
        /// The keys one settling transaction may move: each page they fill splits in two,
        /// another page copy held until the commit.
        var keysPerTransaction = 16_384
    }

    static let settledName = "ids"
    static let recentName = "ids.bySequence"

    static func open(_ environment: Environment, _ txn: Transaction, meta: Database, create: Bool) throws -> DedupIndex {
        DedupIndex(
            settled: try environment.database(settledName, in: txn, create: create, comparingWordwise: true),
            recent: try environment.database(recentName, in: txn, create: create),
            meta: meta)
    }

    /// The sequence stored under `key`, in either tier. The settled tier is asked first: a
    /// key in both has the same sequence in each, and one search of it is cheaper than any
    /// pass over `recent`. A pass then goes newest first and stops at the key, since the id
    /// a person looks up (to correct or show it) is most often one just appended.
    func sequence(_ txn: Transaction, key: IndexKey) throws -> UInt64? {
        if let settled = try key.withBytes({ try settledSequence(txn, key: $0) }) { return settled }
        return try recentSequence(txn, key: key)
    }

    /// The sequence stored under `key` in `recent`: by a pass newest first, or in the map.
    func recentSequence(_ txn: Transaction, key: IndexKey) throws -> UInt64? {
        try recentKeys.passOverInstead()
            ? newestInRecent(key, txn)
            : recentKeys.withCaughtUp(txn, self) { map, _ in map.sequence(of: key) }
    }

    func settledSequence(_ txn: Transaction, key: UnsafeRawBufferPointer) throws -> UInt64? {
        try txn.get(settled, key: key) { IndexValue.sequence($0) } ?? nil
    }

    /// Records a new key; sequences must come in increasing order.
    func appendRecent(_ txn: Transaction, sequence: UInt64, key: IndexKey) throws {
        var sequence = sequence.bigEndian
        try withUnsafeBytes(of: &sequence) { sequence in
            try key.withBytes { _ = try txn.put(recent, key: sequence, value: $0, mode: .append) }
        }
    }

    /// The key ranges to settle one per transaction if `incoming` more keys would take
    /// `recent` past its limit:
    /// slices of the keys' first two bytes, as many as it takes for each to cover about
    /// `pagesPerTransaction` settled pages and `keysPerTransaction` recent keys.
    func slicesToSettle(_ txn: Transaction, _ settling: Settling, adding incoming: Int) throws -> [Range<Int>] {
        let recentKeys = try txn.statistics(recent).ms_entries
        guard recentKeys + incoming > settling.recentLimit else { return [] }
        let settledPages = try txn.statistics(settled).ms_leaf_pages
        let byPages = (settledPages + settling.pagesPerTransaction - 1) / settling.pagesPerTransaction
        let byKeys = (recentKeys + settling.keysPerTransaction - 1) / settling.keysPerTransaction
        let count = min(1 << 16, max(1, byPages, byKeys))
        return (0..<count).map { index in (index << 16) / count..<((index + 1) << 16) / count }
    }

    /// Copies the recent keys whose first two bytes fall in `slice`, and those from sequence
    /// `appendedFrom` on, into the settled index, in key order. `emptying` then adds every
    /// recent key to the settled filter, stores it, clears `recent` and counts the settling.
    /// Returns the sequence after recent's last entry.
    func settle(_ txn: Transaction, slice: Range<Int>, appendedFrom: UInt64, emptying: Bool) throws -> UInt64 {
        var moving: [(key: IndexKey, sequence: UInt64)] = []
        let end = try recentKeys.withCaughtUp(txn, self) { map, end in
            map.forEach { key, sequence in
                if slice.contains(key.prefix) || sequence >= appendedFrom { moving.append((key, sequence)) }
            }
            return end
        }
        moving.sort { $0.key < $1.key }
        let cursor = try txn.cursor(settled)
        for (key, sequence) in moving {
            var value = sequence.bigEndian
            try key.withBytes { key in
                try withUnsafeBytes(of: &value) { try cursor.put(key: key, value: IndexValue.bytes($0)) }
            }
        }
        if emptying { try storeFilterAndEmptyRecent(txn) }
        return end
    }

    /// Every recent key is in `settled` by now, so the filter takes them all, or is made
    /// again from `settled` once that outgrew it. One filter at a time is held: at 6M events
    /// one is 11 MB.
    private func storeFilterAndEmptyRecent(_ txn: Transaction) throws {
        recentKeys.releaseFilter()
        let storedCapacity = try txn.get(meta, key: SettledKeyFilter.metaKey) { SettledKeyFilter.capacity(ofStoredBytes: $0.count) }
        var filter: SettledKeyFilter
        if try txn.statistics(settled).ms_entries > storedCapacity ?? 0 {
            filter = try filterOfSettledKeys(txn)
        } else {
            filter = try settledFilter(txn, storing: false)
            try recentKeys.withCaughtUp(txn, self) { map, _ in map.forEach { key, _ in filter.add(key) } }
        }
        try store(filter, txn)
        try lmdb(mdb_drop(txn.handle, recent.handle, 0), "mdb_drop(\(recent.name))")
        let settlings = try txn.get(meta, key: RecentKeyMap.settlingsKey).map(bigEndianValue) ?? 0
        try txn.put(meta, key: RecentKeyMap.settlingsKey, value: bigEndianBytes(settlings + 1))
    }
}

extension Ledger {
    /// Moves the recent dedup keys into the settled index, one slice per durable
    /// transaction, if `incoming` more would take them past the limit. A crash between
    /// slices leaves every key in `recent` still, which is all a lookup needs; the next
    /// settling starts over.
    ///
    /// Another process may append between slices: the last slice also moves what was
    /// appended after the first, so emptying `recent` loses no key.
    func settleRecentIDsIfNeeded(adding incoming: Int) throws {
        let slices = try environment.read { txn in try databases.ids.slicesToSettle(txn, idSettling, adding: incoming) }
        var appendedFrom = UInt64.max
        for (index, slice) in slices.enumerated() {
            let end = try environment.write { txn in
                try databases.ids.settle(txn, slice: slice, appendedFrom: appendedFrom, emptying: index == slices.count - 1)
            }
            if index == 0 { appendedFrom = end }
        }
    }
}
