import Dispatch
import PropertyBased
import Synchronization
import Testing
@testable import LedgerStore

/// Two threads sharing a chunk of records (an audit's or a read's) claim its blocks: every
/// record must be opened once, by one thread, whatever the chunk's size.
@Suite struct BlockClaimsTests {
    @Test func twoThreadsClaimingTogetherCoverEveryIndexOnce() async {
        await propertyCheck(count: 200, input: Gen.int(in: 0...5_000), Gen.int(in: 1...100)) { count, blockSize in
            let claims = BlockClaims(count: count, blockSize: blockSize)
            let seen = Mutex([Int](repeating: 0, count: count))
            let group = DispatchGroup()
            for _ in 0..<2 {
                DispatchQueue.global().async(group: group) {
                    while let block = claims.claim() {
                        for index in claims.range(of: block) { seen.withLock { $0[index] += 1 } }
                    }
                }
            }
            group.wait()
            #expect(seen.withLock { $0.allSatisfy { $0 == 1 } }, "count \(count), blocks of \(blockSize)")
            #expect(claims.claim() == nil)
        }
    }
}
