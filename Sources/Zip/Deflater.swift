import CZip
import LedgerCore

/// Raw deflate (no zlib header, as zip wants) of a stream, with the CRC-32 and sizes the
/// zip entry records.
final class Deflater {
    private var stream = z_stream()
    private var output = [UInt8](repeating: 0, count: 1 << 17)
    private(set) var crc: UInt32 = 0
    private(set) var inputSize: UInt64 = 0
    private(set) var outputSize: UInt64 = 0

    /// Level 1: higher levels would make compression the export's bottleneck for little
    /// smaller output (docs/performance.md, `Deflater`).
    init(level: Int32 = 1) {
        let status = deflateInit2_(&stream, level, Z_DEFLATED, -MAX_WBITS, 8, Z_DEFAULT_STRATEGY, zlibVersion(), Int32(MemoryLayout<z_stream>.size))
        precondition(status == Z_OK, "zlib deflateInit2 failed: \(status)")
    }

    /// Compresses `bytes` and hands what comes out to `sink`.
    func compress(_ bytes: UnsafeRawBufferPointer, into sink: any ByteSink) throws {
        guard let base = bytes.baseAddress, bytes.count > 0 else { return }
        crc = UInt32(CZip.crc32(uLong(crc), base.assumingMemoryBound(to: UInt8.self), uInt(bytes.count)))
        inputSize += UInt64(bytes.count)
        stream.next_in = UnsafeMutablePointer(mutating: base.assumingMemoryBound(to: Bytef.self))
        stream.avail_in = uInt(bytes.count)
        try run(flush: Z_NO_FLUSH, into: sink)
    }

    /// Ends the deflate stream.
    func finish(into sink: any ByteSink) throws {
        stream.next_in = nil
        stream.avail_in = 0
        try run(flush: Z_FINISH, into: sink)
    }

    private func run(flush: Int32, into sink: any ByteSink) throws {
        let capacity = output.count
        while true {
            let (status, produced) = output.withUnsafeMutableBufferPointer { buffer in
                stream.next_out = buffer.baseAddress
                stream.avail_out = uInt(capacity)
                let status = deflate(&stream, flush)
                return (status, capacity - Int(stream.avail_out))
            }
            if produced > 0 {
                outputSize += UInt64(produced)
                try output.withUnsafeBytes { try sink.write(UnsafeRawBufferPointer(rebasing: $0[0..<produced])) }
            }
            if flush == Z_FINISH {
                if status == Z_STREAM_END { return }
                precondition(status == Z_OK || status == Z_BUF_ERROR, "zlib deflate failed: \(status)")
            } else if stream.avail_in == 0 && produced < capacity {
                return
            }
        }
    }

    deinit { deflateEnd(&stream) }
}
