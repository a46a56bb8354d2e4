import Testing
@testable import LedgerStore

@Suite struct RecentKeyTableTests {
    /// Keys whose first words share their low bits all want the same slot.
    @Test func keysThatWantOneSlotAreEachFoundAndAbsentOnesAreNot() {
        var table = RecentKeyTable(capacity: 48, base: 1_000)
        let keys = (0..<40).map { IndexKey(high: UInt64($0) << 40, low: UInt64($0) * 7) }
        for (index, key) in keys.enumerated() { table.insert(key, sequence: 1_000 + UInt64(index)) }
        for (index, key) in keys.enumerated() { #expect(table.sequence(of: key) == 1_000 + UInt64(index)) }
        #expect(table.sequence(of: IndexKey(high: 41 << 40, low: 0)) == nil)
        #expect(table.sequence(of: IndexKey(high: 3 << 40, low: 22)) == nil, "same first word, different last four bytes")
        table.deallocate()
    }

    @Test func aTableFilledPastItsCapacityDoublesAndKeepsEveryKey() {
        var table = RecentKeyTable(capacity: 12, base: 0)
        var generator = SystemRandomNumberGenerator()
        let keys = (0..<5_000).map { _ in IndexKey(high: generator.next(), low: UInt64(generator.next() as UInt32)) }
        for (index, key) in keys.enumerated() { table.insert(key, sequence: UInt64(index)) }
        #expect(table.count == 5_000)
        #expect(keys.indices.allSatisfy { table.sequence(of: keys[$0]) == UInt64($0) })
        var seen = 0
        table.forEach { key, sequence in if keys[Int(sequence)] == key { seen += 1 } }
        #expect(seen == 5_000)
        table.reset(base: 9)
        #expect(table.count == 0 && table.sequence(of: keys[0]) == nil)
        table.deallocate()
    }
}
