import CZip

/// zlib's CRC-32, accumulated over chunks.
struct CRC32Stream {
    private(set) var value: UInt32 = 0

    mutating func update(_ bytes: UnsafeRawBufferPointer) {
        guard let base = bytes.baseAddress else { return }
        value = UInt32(crc32(uLong(value), base.assumingMemoryBound(to: UInt8.self), uInt(bytes.count)))
    }
}
