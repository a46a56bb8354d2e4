public import LedgerCore

/// Gathers small writes into large ones, so the sink below sees whole chunks rather than a
/// call per header field (the age encryption below the zip), or a system call per sealed
/// 64 KiB chunk (the file below the age encryption).
public final class BufferedSink: ByteSink {
    private let target: any ByteSink
    private var buffer: [UInt8] = []
    private let capacity: Int
    /// Bytes passed through so far: zip offsets are positions in this stream.
    public private(set) var position: UInt64 = 0

    public init(_ target: any ByteSink, capacity: Int = 1 << 18) {
        self.target = target
        self.capacity = capacity
        buffer.reserveCapacity(capacity)
    }

    public func write(_ bytes: UnsafeRawBufferPointer) throws {
        position += UInt64(bytes.count)
        if buffer.count + bytes.count > capacity { try flush() }
        if bytes.count >= capacity {
            try target.write(bytes)
        } else {
            buffer.append(contentsOf: bytes)
        }
    }

    public func flush() throws {
        guard !buffer.isEmpty else { return }
        try buffer.withUnsafeBytes { try target.write($0) }
        buffer.removeAll(keepingCapacity: true)
    }
}
