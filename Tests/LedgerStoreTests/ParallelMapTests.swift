import Foundation
import Testing
@testable import LedgerStore

@Suite struct ParallelMapTests {
    private struct Refused: Error, Equatable { let index: Int }

    @Test func resultsComeInOrderWhateverThreadMadeThem() {
        let mapped = parallelMap(10_001, minimumPerThread: 16) { index in (index * 7919) % 10_007 }
        #expect(mapped == (0..<10_001).map { ($0 * 7919) % 10_007 })
    }

    @Test func tooLittleWorkStaysOnTheCallersThread() {
        let caller = Thread.current
        #expect(parallelMap(31, minimumPerThread: 16) { _ in Thread.current == caller }.allSatisfy { $0 })
    }

    @Test func theFirstErrorIsThrownAndNothingIsReturned() {
        #expect(throws: Refused(index: 3_000)) {
            _ = try parallelMap(4_096, minimumPerThread: 16) { (index: Int) throws(Refused) -> Int in
                if index == 3_000 { throw Refused(index: index) }
                return index
            }
        }
    }
}
