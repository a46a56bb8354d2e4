import Dispatch
import Foundation

/// `transform` applied to `0..<count` on every core, results in order: for many small
/// independent pieces of work done while the caller waits, such as sealing or opening the
/// partitions a replay writes and compares, which otherwise left one core idle.
///
/// Runs on the caller's thread alone below `minimumPerThread` items per thread, where
/// handing work over would cost more than it saves. The first error thrown
/// is rethrown; a transform that cannot throw makes a call that cannot either.
public func parallelMap<T, Failure: Error>(
    _ count: Int, minimumPerThread: Int = 256, _ transform: (Int) throws(Failure) -> T
) throws(Failure) -> [T] {
    let threads = min(cores, count / minimumPerThread)
    guard threads > 1 else { return try (0..<count).map(transform) }
    let mapped = withoutActuallyEscaping(transform) { transform -> Result<[T], Failure> in
        // Each thread uses the transform and its own slot only while the caller waits for them all.
        let work = UnsafeTransfer(transform)
        // One slot per thread, each written by its own thread only.
        let chunks = UnsafeMutableBufferPointer<Result<[T], Failure>>.allocate(capacity: threads)
        let slots = UnsafeTransfer(chunks)
        defer {
            _ = chunks.deinitialize()
            chunks.deallocate()
        }
        DispatchQueue.concurrentPerform(iterations: threads) { thread in
            let range = (count * thread / threads)..<(count * (thread + 1) / threads)
            // Cannot fail: `chunks` was allocated (an allocation always has an address) with one slot per
            // thread.
            (slots.value.baseAddress! + thread).initialize(to: Result { () throws(Failure) in try range.map(work.value) })
        }
        return Result { () throws(Failure) in
            var mapped: [T] = []
            mapped.reserveCapacity(count)
            for chunk in chunks { mapped += try chunk.get() }
            return mapped
        }
    }
    return try mapped.get()
}

/// The cores this process may use, asked once rather than on every small write.
private let cores = ProcessInfo.processInfo.activeProcessorCount
