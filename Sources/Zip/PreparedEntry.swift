import LedgerCore

/// An entry compressed apart from the zip it goes into, in memory: on another thread, while
/// the zip writes other entries. `ZipStreamWriter.add(_:_:)` then copies it in whole.
public final class PreparedEntry {
    private let deflater = Deflater()
    private let compressed = MemorySink()

    public init() {}

    public func write(_ bytes: UnsafeRawBufferPointer) throws { try deflater.compress(bytes, into: compressed) }

    /// Ends the deflate stream; nothing may be written after.
    public func finish() throws { try deflater.finish(into: compressed) }

    var crc: UInt32 { deflater.crc }
    var size: UInt64 { deflater.inputSize }
    var deflatedBytes: [UInt8] { compressed.bytes }
}

/// Keeps what is written to it.
private final class MemorySink: ByteSink {
    var bytes: [UInt8] = []

    func write(_ bytes: UnsafeRawBufferPointer) throws { self.bytes.append(contentsOf: bytes) }
}
