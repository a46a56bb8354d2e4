import Testing
@testable import LedgerStore

@Suite struct ByteBufferPoolTests {
    @Test func aRecycledBufferComesBackEmptyWithItsRoomAndOnlyUpToTheCapacityAreKept() {
        let pool = ByteBufferPool(capacity: 2, largestKept: 1 << 16)
        var first = [UInt8](repeating: 7, count: 10_000)
        let room = first.capacity
        pool.recycle(&first)
        #expect(first.isEmpty, "the caller's reference is taken, so the pooled buffer is not shared")
        let reused = pool.take()
        #expect(reused.isEmpty)
        #expect(reused.capacity == room)

        var tooLarge = [UInt8](repeating: 1, count: 1 << 17)
        pool.recycle(&tooLarge)
        #expect(pool.take().capacity == 0, "a buffer over the largest kept size is let go")

        for _ in 0..<3 {
            var buffer = [UInt8](repeating: 2, count: 100)
            pool.recycle(&buffer)
        }
        #expect(pool.take().capacity > 0)
        #expect(pool.take().capacity > 0)
        #expect(pool.take().capacity == 0, "no more than the capacity are kept")
    }
}
