import CZip

/// Raw inflate of one zip entry: knows where the deflate stream ends, so a zip written
/// with data descriptors can be read front to back without its central directory.
final class Inflater {
    private var stream = z_stream()
    private var output = [UInt8](repeating: 0, count: 1 << 17)
    private(set) var crc: UInt32 = 0
    private(set) var outputSize: UInt64 = 0
    private(set) var finished = false

    init() {
        let status = inflateInit2_(&stream, -MAX_WBITS, zlibVersion(), Int32(MemoryLayout<z_stream>.size))
        precondition(status == Z_OK, "zlib inflateInit2 failed: \(status)")
    }

    /// Inflates from `input`; returns how many of its bytes belong to this entry (fewer than
    /// all once the deflate stream has ended). `body` gets the inflated bytes.
    func inflate(_ input: UnsafeRawBufferPointer, _ body: (UnsafeRawBufferPointer) throws -> Void) throws -> Int {
        guard let base = input.baseAddress, input.count > 0, !finished else { return 0 }
        stream.next_in = UnsafeMutablePointer(mutating: base.assumingMemoryBound(to: Bytef.self))
        stream.avail_in = uInt(input.count)
        let capacity = output.count
        while stream.avail_in > 0 && !finished {
            let (status, produced) = output.withUnsafeMutableBufferPointer { buffer in
                stream.next_out = buffer.baseAddress
                stream.avail_out = uInt(capacity)
                let status = CZip.inflate(&stream, Z_NO_FLUSH)
                return (status, capacity - Int(stream.avail_out))
            }
            guard status == Z_OK || status == Z_STREAM_END || (status == Z_BUF_ERROR && produced == 0) else {
                throw ZipFormatError("an entry's compressed data is damaged (zlib \(status))")
            }
            if produced > 0 {
                try output.withUnsafeBufferPointer { buffer in
                    let chunk = UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(buffer)[0..<produced])
                    // Cannot fail: `chunk` is the first `produced` bytes of the output, and `produced` is
                    // positive here.
                    crc = UInt32(CZip.crc32(uLong(crc), chunk.baseAddress!.assumingMemoryBound(to: UInt8.self), uInt(produced)))
                    outputSize += UInt64(produced)
                    try body(chunk)
                }
            }
            if status == Z_STREAM_END { finished = true }
            if status == Z_BUF_ERROR { break }
        }
        return input.count - Int(stream.avail_in)
    }

    deinit { inflateEnd(&stream) }
}
