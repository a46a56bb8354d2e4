import Foundation
import Synchronization

/// Byte buffers handed back by the thread that committed them, for the preparing thread to
/// fill again.
///
/// A batch's bytes (about a megabyte) are at or above glibc's mmap threshold (see
/// `MemoryPolicy.configureHeap`), so each new buffer would be a fresh mapping whose every page faults in on
/// first write (see docs/performance.md, "ByteBufferPool"). A reused buffer has its pages
/// already.
final class ByteBufferPool: Sendable {
    private let buffers = Mutex<[[UInt8]]>([])
    /// More than the batches in flight would be memory held for nothing.
    private let capacity: Int
    /// Larger buffers (a batch of long routes) are let go rather than kept for small batches.
    private let largestKept: Int

    init(capacity: Int, largestKept: Int = 4 << 20) {
        self.capacity = capacity
        self.largestKept = largestKept
    }

    /// An empty buffer with room, or an empty new one.
    func take() -> [UInt8] {
        buffers.withLock { $0.popLast() } ?? []
    }

    /// Keeps `buffer`'s memory for a later `take`; the caller must hold the only reference,
    /// or the next write to it copies.
    func recycle(_ buffer: inout [UInt8]) {
        var kept: [UInt8] = []
        swap(&kept, &buffer)
        guard kept.capacity <= largestKept else { return }
        kept.removeAll(keepingCapacity: true)
        buffers.withLock { buffers in
            if buffers.count < capacity { buffers.append(kept) }
        }
    }
}
