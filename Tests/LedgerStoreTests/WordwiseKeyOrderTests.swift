import CLMDB
import Testing
@testable import LedgerStore

@Suite struct WordwiseKeyOrderTests {
    /// The sign LMDB's default order gives: bytewise, a proper prefix first.
    private func defaultOrder(_ lhs: [UInt8], _ rhs: [UInt8]) -> Int32 {
        lhs == rhs ? 0 : (lhs.lexicographicallyPrecedes(rhs) ? -1 : 1)
    }

    private func wordwise(_ lhs: [UInt8], _ rhs: [UInt8]) -> Int32 {
        var lhs = lhs, rhs = rhs
        return lhs.withUnsafeMutableBytes { left in
            rhs.withUnsafeMutableBytes { right in
                var a = MDB_val(mv_size: left.count, mv_data: left.baseAddress)
                var b = MDB_val(mv_size: right.count, mv_data: right.baseAddress)
                return wordwiseKeyOrder(&a, &b).signum()
            }
        }
    }

    /// Keys that differ in one byte at every position of the 12-byte dedup keys and beyond,
    /// keys that are prefixes of each other, empty keys, and random keys of every length.
    @Test func ordersExactlyAsLMDBsDefault() {
        var generator = SystemRandomNumberGenerator()
        var pairs: [([UInt8], [UInt8])] = [([], []), ([], [0]), ([0], [])]
        let base = (0..<20).map { _ in UInt8.random(in: 0...255, using: &generator) }
        for position in base.indices {
            for delta: UInt8 in [1, 0x80, 0xFF] {
                var changed = base
                changed[position] &+= delta
                pairs.append((base, changed))
                pairs.append((Array(base.prefix(position + 1)), Array(changed.prefix(position + 1))))
            }
            pairs.append((Array(base.prefix(position)), base))
        }
        for _ in 0..<20_000 {
            let length = Int.random(in: 0...24, using: &generator)
            let lhs = (0..<length).map { _ in UInt8.random(in: 0...3, using: &generator) }
            let rhs = Bool.random(using: &generator) ? lhs : (0..<Int.random(in: 0...24, using: &generator)).map { _ in UInt8.random(in: 0...3, using: &generator) }
            pairs.append((lhs, rhs))
        }
        let disagreements = pairs.filter { wordwise($0.0, $0.1) != defaultOrder($0.0, $0.1) }
        #expect(disagreements.isEmpty, "first: \(disagreements.prefix(3))")
    }
}
