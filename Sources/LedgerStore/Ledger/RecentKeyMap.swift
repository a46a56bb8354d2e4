import Foundation
import LedgerCrypto

/// A dedup index key (the keyed hash of an event id, `IDIndexHasher.outputSize` bytes) as
/// two big-endian integers: the first eight bytes and the rest.
struct IndexKey: Hashable {
    let high: UInt64
    let low: UInt64

    init(high: UInt64, low: UInt64) {
        self.high = high
        self.low = low
    }

    init(_ bytes: UnsafeRawBufferPointer) {
        self.init(high: bigEndianValue(bytes[0..<8]), low: bigEndianValue(bytes[8...]))
    }

    /// The first two bytes, by which a settling slices the key space.
    var prefix: Int { Int(high >> 48) }

    /// The stored bytes, `IDIndexHasher.outputSize` of them.
    var bytes: [UInt8] {
        Array(bigEndianBytes(high) + bigEndianBytes(low).suffix(IDIndexHasher.outputSize - 8))
    }

    /// The keys are keyed hashes, uniform already: one word is as good a hash as both.
    func hash(into hasher: inout Hasher) { hasher.combine(low ^ high) }
}

/// The dedup index's recent tier in memory: key → sequence.
///
/// `recent` is stored by sequence, so that a commit only appends to it, and this map is what
/// finds a key there. Other processes append to the same vault, so the map catches up with
/// `recent` at the start of every transaction that looks in it: it reads the entries past the
/// last sequence it read, or all of them again once `recent` was settled and emptied, which
/// shows as a different first sequence.
final class RecentKeyMap: @unchecked Sendable {
    private let lock = NSLock()
    private var sequences: [IndexKey: UInt64]
    /// The first sequence read from `recent`, nil when it was empty.
    private var firstRead: UInt64?
    /// The sequence after the last one read.
    private var readUpTo: UInt64 = 0

    /// Room for `capacity` keys is reserved at once, so that the map never holds its old
    /// and its doubled storage together; the pages are only touched as keys arrive.
    init(capacity: Int) {
        sequences = Dictionary(minimumCapacity: capacity)
    }

    /// Runs `body` with the map as `txn` sees `recent`, and the sequence after its last entry.
    /// The lock is held throughout, so no reader with another view changes it meanwhile.
    func withCaughtUp<R>(
        _ txn: Transaction, _ recent: Database, _ body: ([IndexKey: UInt64], UInt64) throws -> R
    ) throws -> R {
        lock.lock()
        defer { lock.unlock() }
        try catchUp(txn, recent)
        return try body(sequences, readUpTo)
    }

    private func catchUp(_ txn: Transaction, _ recent: Database) throws {
        let cursor = try txn.cursor(recent)
        let first = try cursor.move(.first).map { bigEndianValue($0.key) }
        if first != firstRead {
            sequences.removeAll(keepingCapacity: true)
            firstRead = first
            readUpTo = first ?? 0
        }
        var entry = try cursor.seek(atOrAfter: bigEndianBytes(readUpTo))
        while let (key, value) = entry {
            let sequence = bigEndianValue(key)
            sequences[IndexKey(value)] = sequence
            readUpTo = sequence + 1
            entry = try cursor.move(.next)
        }
    }
}
