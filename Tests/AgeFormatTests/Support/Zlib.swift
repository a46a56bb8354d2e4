import CZip

/// Inflates the zlib-compressed testkit vectors.
enum Zlib {
    struct Failure: Error { let code: Int32 }

    static func inflate(_ compressed: [UInt8]) throws -> [UInt8] {
        var stream = z_stream()
        guard inflateInit_(&stream, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else { throw Failure(code: -1) }
        defer { inflateEnd(&stream) }
        var input = compressed
        var output: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        return try input.withUnsafeMutableBufferPointer { source in
            stream.next_in = source.baseAddress
            stream.avail_in = UInt32(source.count)
            while true {
                let status = buffer.withUnsafeMutableBufferPointer { target in
                    stream.next_out = target.baseAddress
                    stream.avail_out = UInt32(target.count)
                    return CZip.inflate(&stream, Z_NO_FLUSH)
                }
                output += buffer[..<(buffer.count - Int(stream.avail_out))]
                if status == Z_STREAM_END { return output }
                guard status == Z_OK else { throw Failure(code: status) }
            }
        }
    }
}
