import Glibc

/// Open addressing over a power-of-two count of 16-byte slots, each a key's first eight
/// bytes, its last four, and its sequence as a distance from the first recent one, plus one
/// (zero is an empty slot). The keys are keyed hashes, uniform already, so a key's own low
/// bits choose its slot, and a slot takes less than a dictionary's (see docs/performance.md,
/// "RecentKeyTable").
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
