import Testing
@testable import LedgerStore

@Suite struct SettledKeyFilterTests {
    private static func randomKeys(_ count: Int) -> [IndexKey] {
        var generator = SystemRandomNumberGenerator()
        return (0..<count).map { _ in IndexKey(high: generator.next(), low: UInt64(generator.next() as UInt32)) }
    }

    @Test func everyAddedKeyIsFoundAndFewOthersAre() {
        let added = Self.randomKeys(50_000), absent = Self.randomKeys(50_000)
        var filter = SettledKeyFilter(capacity: added.count)
        for key in added { filter.add(key) }
        #expect(added.allSatisfy(filter.mayContain))
        let falsePositives = absent.count(where: filter.mayContain)
        #expect(falsePositives < absent.count * 3 / 100, "\(falsePositives) of \(absent.count) absent keys pass at 10 bits a key")
    }

    @Test func aStoredFilterReadsBackTheSame() {
        let added = Self.randomKeys(1_000)
        var filter = SettledKeyFilter(capacity: added.count)
        for key in added { filter.add(key) }
        let stored = filter.withStoredBytes { Array($0) }
        let read = stored.withUnsafeBytes { SettledKeyFilter(stored: $0) }
        #expect(read?.withStoredBytes { Array($0) } == stored)
        #expect(read.map { read in added.allSatisfy(read.mayContain) } == true)
        #expect(SettledKeyFilter.capacity(ofStoredBytes: stored.count) == filter.capacity)
        #expect(stored.dropLast(8).withUnsafeBytes { SettledKeyFilter(stored: $0) } == nil, "a cut filter is refused")
    }
}
