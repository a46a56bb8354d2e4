/// Bytes read front to back, for the test readers of what the writer wrote.
struct ByteCursor {
    let bytes: [UInt8]
    var position: Int

    init(_ bytes: [UInt8], at position: Int = 0) {
        self.bytes = bytes
        self.position = position
    }

    /// The next byte.
    mutating func byte() -> UInt8 {
        position += 1
        return bytes[position - 1]
    }

    /// The next `count` bytes.
    mutating func take(_ count: Int) -> [UInt8] {
        position += count
        return Array(bytes[(position - count)..<position])
    }

    /// An unsigned LEB128 varint, as Thrift's compact protocol and the RLE hybrid's run
    /// headers both write them.
    mutating func varint() -> UInt64 {
        var result: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            let byte = byte()
            result |= UInt64(byte & 0x7F) << shift
            if byte < 0x80 { return result }
            shift += 7
        }
    }
}
