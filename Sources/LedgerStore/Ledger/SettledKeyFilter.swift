import CLMDB
import Foundation

/// A blocked Bloom filter over the settled dedup index's keys, so that a new key, which a
/// fresh import's nearly all are, is known absent without a search of the settled B-tree.
///
/// Those searches are nearly all page faults on a large vault: the index's pages lie all over
/// a file far larger than what the process keeps mapped (see docs/performance.md,
/// "SettledKeyFilter"). With about 10 bits a key and a key's seven bits inside one 64-byte block, about one new key in
/// a hundred still searches. The keys are keyed hashes, uniform already: their own bits
/// choose the block and the bits. The filter holds nothing more than the index it covers.
///
/// Stored in `meta` by the settling transaction that empties the recent tier, so every key
/// is always in the recent tier or in the stored filter.
struct SettledKeyFilter {
    static let bitsPerKey = 10
    private static let wordsPerBlock = 8
    private static let bitsPerBlock = 512
    static let metaKey = Array("ids.filter".utf8)

    private var words: [UInt64]

    private var blockCount: Int { words.count / Self.wordsPerBlock }

    /// How many keys it holds at about `bitsPerKey` bits each.
    var capacity: Int { blockCount * Self.bitsPerBlock / Self.bitsPerKey }

    /// The capacity of a filter stored in `count` bytes.
    static func capacity(ofStoredBytes count: Int) -> Int { count / (wordsPerBlock * 8) * bitsPerBlock / bitsPerKey }

    /// Empty, sized for `capacity` keys.
    init(capacity: Int) {
        let blocks = max(1, (capacity * Self.bitsPerKey + Self.bitsPerBlock - 1) / Self.bitsPerBlock)
        words = [UInt64](repeating: 0, count: blocks * Self.wordsPerBlock)
    }

    /// As `withStoredBytes` gave it, or nil if the bytes are not whole blocks.
    init?(stored bytes: UnsafeRawBufferPointer) {
        guard !bytes.isEmpty, bytes.count % (Self.wordsPerBlock * 8) == 0 else { return nil }
        words = [UInt64](repeating: 0, count: bytes.count / 8)
        words.withUnsafeMutableBytes { $0.copyMemory(from: bytes) }
    }

    /// Runs `body` with the words in the machine's order: the file is only ever read on the
    /// machine kind that wrote it, as LMDB's own pages are.
    func withStoredBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try words.withUnsafeBytes(body)
    }

    mutating func add(_ key: IndexKey) {
        let place = place(key)
        for index in 0..<Self.bitsPerKeyInBlock {
            let (word, mask) = place.bit(index)
            words[word] |= mask
        }
    }

    func mayContain(_ key: IndexKey) -> Bool {
        let place = place(key)
        return (0..<Self.bitsPerKeyInBlock).allSatisfy { index in
            let (word, mask) = place.bit(index)
            return words[word] & mask != 0
        }
    }

    private static let bitsPerKeyInBlock = 7

    /// Where a key's bits are: the first word of its block and 63 bits for seven 9-bit
    /// positions in it.
    private struct Place {
        let firstWord: Int
        let positions: UInt64

        /// The word and mask of the `index`th bit.
        func bit(_ index: Int) -> (word: Int, mask: UInt64) {
            let bit = Int((positions >> (9 * index)) & 511)
            return (firstWord + (bit >> 6), 1 << UInt64(bit & 63))
        }
    }

    /// The block from the key's first word's low half (a multiply and shift, for any block
    /// count), the positions from the rest.
    private func place(_ key: IndexKey) -> Place {
        let block = Int((UInt64(UInt32(truncatingIfNeeded: key.high)) &* UInt64(blockCount)) >> 32)
        return Place(firstWord: block * Self.wordsPerBlock, positions: key.high >> 32 | key.low << 32)
    }
}

extension DedupIndex {
    /// The stored filter, or one made from every settled key (a vault from before the filter)
    /// and stored if `txn` writes.
    func settledFilter(_ txn: Transaction, storing: Bool) throws -> SettledKeyFilter {
        if let filter = try txn.get(meta, key: SettledKeyFilter.metaKey, { SettledKeyFilter(stored: $0) }) ?? nil {
            return filter
        }
        let filter = try filterOfSettledKeys(txn)
        if storing { try store(filter, txn) }
        return filter
    }

    func store(_ filter: SettledKeyFilter, _ txn: Transaction) throws {
        try SettledKeyFilter.metaKey.withUnsafeBytes { key in
            try filter.withStoredBytes { _ = try txn.put(meta, key: key, value: $0) }
        }
    }

    /// A filter of every key in `settled`, sized for half as many again, so that it is made
    /// again only after the index has grown by half.
    func filterOfSettledKeys(_ txn: Transaction) throws -> SettledKeyFilter {
        let entries = try txn.statistics(settled).ms_entries
        var filter = SettledKeyFilter(capacity: entries + entries / 2)
        let cursor = try txn.cursor(settled)
        var entry = try cursor.move(.first)
        while let (key, _) = entry {
            filter.add(IndexKey(key))
            entry = try cursor.move(.next)
        }
        return filter
    }
}
