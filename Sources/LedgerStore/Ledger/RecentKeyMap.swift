import Foundation
import Glibc
import LedgerCrypto

/// A dedup index key (the keyed hash of an event id, `IDIndexHasher.outputSize` bytes) as
/// two big-endian integers: the first eight bytes and the last four.
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

    /// Runs `body` with the stored bytes, `IDIndexHasher.outputSize` of them.
    func withBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        var words = (high.bigEndian, UInt32(truncatingIfNeeded: low).bigEndian)
        return try withUnsafeBytes(of: &words) { try body(UnsafeRawBufferPointer(rebasing: $0[0..<IDIndexHasher.outputSize])) }
    }
}

/// What the dedup index keeps in memory: the recent tier's keys (key → sequence), and the
/// settled index's filter.
///
/// `recent` is stored by sequence, so that a commit only appends to it, and this map is what
/// finds a key there. Other processes append to the same vault, so the map catches up with
/// `recent` at the start of every transaction that looks in it: it reads the entries past the
/// last sequence it read, or all of them again, and the filter, once a settling emptied
/// `recent` and stored a new filter, which shows as a new count of settlings in `meta`.
final class RecentKeyMap: @unchecked Sendable {
    static let settlingsKey = Array("ids.settlings".utf8)

    private let lock = NSLock()
    private var table: RecentKeyTable
    private var filter: SettledKeyFilter?
    /// The settlings counted when the map last started over; nil before it first did.
    private var settlings: UInt64?
    /// The sequence after the last one read.
    private var readUpTo: UInt64 = 0

    /// Small commits that passed over `recent` rather than read it into the map.
    private var passesOver = 0

    init(capacity: Int) {
        table = RecentKeyTable(capacity: capacity, base: 0)
    }

    /// Whether a small commit should pass over `recent` rather than read it all into the
    /// map: yes until the map is read, for the first few, since a command-line append makes
    /// one and a long-running process many.
    func passOverInstead() -> Bool {
        lock.lock()
        defer { lock.unlock() }
        guard settlings == nil, passesOver < 8 else { return false }
        passesOver += 1
        return true
    }

    /// Runs `body` with the map as `txn` sees `recent`, and the sequence after its last entry.
    /// The lock is held throughout, so no reader with another view changes it meanwhile.
    func withCaughtUp<R>(_ txn: Transaction, _ index: DedupIndex, _ body: (RecentKeyTable, UInt64) throws -> R) throws -> R {
        lock.lock()
        defer { lock.unlock() }
        try catchUp(txn, index)
        return try body(table, readUpTo)
    }

    /// The same with the settled index's filter, read (or made, and stored if `storing`) when
    /// first needed after the map started over.
    func withCaughtUp<R>(
        _ txn: Transaction, _ index: DedupIndex, storingFilter storing: Bool,
        _ body: (RecentKeyTable, SettledKeyFilter, UInt64) throws -> R
    ) throws -> R {
        lock.lock()
        defer { lock.unlock() }
        try catchUp(txn, index)
        let filter = try self.filter ?? index.settledFilter(txn, storing: storing)
        self.filter = filter
        return try body(table, filter, readUpTo)
    }

    /// Lets go of the filter before a settling makes a new one.
    func releaseFilter() {
        lock.lock()
        defer { lock.unlock() }
        filter = nil
    }

    private func catchUp(_ txn: Transaction, _ index: DedupIndex) throws {
        let cursor = try txn.cursor(index.recent)
        let current = try txn.get(index.meta, key: Self.settlingsKey).map(bigEndianValue) ?? 0
        if current != settlings {
            let first = try cursor.move(.first).map { bigEndianValue($0.key) } ?? 0
            table.reset(base: first)
            filter = nil
            settlings = current
            readUpTo = first
        }
        var entry = try cursor.seek(atOrAfter: bigEndianBytes(readUpTo))
        while let (key, value) = entry {
            let sequence = bigEndianValue(key)
            table.insert(IndexKey(value), sequence: sequence)
            readUpTo = sequence + 1
            entry = try cursor.move(.next)
        }
    }

    deinit { table.deallocate() }
}

/// Open addressing over a power-of-two count of 16-byte slots, each a key's first eight
/// bytes, its last four, and its sequence as a distance from the first recent one, plus one
/// (zero is an empty slot). The keys are keyed hashes, uniform already, so a key's own low
/// bits choose its slot. A dictionary of the same keys took 24 bytes a slot and hashed each
/// key again.
///
/// Zeroed slots come from `calloc`, whose large blocks are fresh mappings: pages the keys
/// never reach are never resident.
struct RecentKeyTable {
    private struct Slot {
        var high: UInt64
        var low: UInt32
        var offset: UInt32
    }

    private var slots: UnsafeMutablePointer<Slot>
    private var mask: Int
    private var base: UInt64
    private(set) var count = 0

    /// Room for `capacity` keys before the table doubles.
    init(capacity: Int, base: UInt64) {
        let slotCount = Self.slotCount(for: capacity)
        slots = Self.allocate(slotCount)
        mask = slotCount - 1
        self.base = base
    }

    /// Up to three quarters full, where a linear probe for an absent key reads about eight
    /// slots, two cache lines.
    private static func slotCount(for capacity: Int) -> Int {
        var count = 16
        while count / 4 * 3 < capacity { count <<= 1 }
        return count
    }

    private static func allocate(_ count: Int) -> UnsafeMutablePointer<Slot> {
        guard let memory = calloc(count, MemoryLayout<Slot>.stride) else { fatalError("out of memory for \(count) dedup slots") }
        return memory.bindMemory(to: Slot.self, capacity: count)
    }

    func deallocate() { free(slots) }

    /// Empties the table, giving its pages back, for sequences from `base` on.
    mutating func reset(base: UInt64) {
        let slotCount = mask + 1
        free(slots)
        slots = Self.allocate(slotCount)
        count = 0
        self.base = base
    }

    func sequence(of key: IndexKey) -> UInt64? {
        var index = Int(truncatingIfNeeded: key.high) & mask
        while slots[index].offset != 0 {
            if slots[index].high == key.high, slots[index].low == UInt32(truncatingIfNeeded: key.low) {
                return base + UInt64(slots[index].offset - 1)
            }
            index = (index + 1) & mask
        }
        return nil
    }

    /// Every key and its sequence, in no particular order.
    func forEach(_ body: (IndexKey, UInt64) throws -> Void) rethrows {
        for index in 0...mask where slots[index].offset != 0 {
            try body(IndexKey(high: slots[index].high, low: UInt64(slots[index].low)), base + UInt64(slots[index].offset - 1))
        }
    }

    /// Adds a key not in the table. Recent sequences span fewer than 2³² numbers: a commit
    /// settles them long before.
    mutating func insert(_ key: IndexKey, sequence: UInt64) {
        if count + 1 > (mask + 1) / 4 * 3 { grow() }
        let offset = sequence - base + 1
        precondition(offset < UInt64(UInt32.max), "recent dedup keys span more than 2³² sequences")
        var index = Int(truncatingIfNeeded: key.high) & mask
        while slots[index].offset != 0 { index = (index + 1) & mask }
        slots[index] = Slot(high: key.high, low: UInt32(truncatingIfNeeded: key.low), offset: UInt32(offset))
        count += 1
    }

    /// Only when one transaction brings more than the capacity, which a bulk import's never do.
    private mutating func grow() {
        let old = self
        self = RecentKeyTable(capacity: (mask + 1) * 2 / 4 * 3, base: base)
        old.forEach { key, sequence in insert(key, sequence: sequence) }
        old.deallocate()
    }
}
