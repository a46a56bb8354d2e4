/// Decodes Parquet's RLE / bit-packed hybrid runs, written from the format's description, to
/// check the encoder against.
enum RLEHybridDecoder {
    static func decode(_ bytes: [UInt8], bitWidth: Int, count: Int) -> [UInt32] {
        var values: [UInt32] = []
        var position = 0
        func varint() -> UInt64 {
            var result: UInt64 = 0
            var shift: UInt64 = 0
            while true {
                let byte = bytes[position]
                position += 1
                result |= UInt64(byte & 0x7F) << shift
                if byte < 0x80 { return result }
                shift += 7
            }
        }
        while values.count < count, position < bytes.count {
            let header = varint()
            if header & 1 == 0 {
                let run = Int(header >> 1)
                var value: UInt32 = 0
                for index in 0..<((bitWidth + 7) / 8) { value |= UInt32(bytes[position + index]) << (8 * index) }
                position += (bitWidth + 7) / 8
                values += Array(repeating: value, count: run)
            } else {
                let groups = Int(header >> 1)
                var bit = 0
                for _ in 0..<(groups * 8) {
                    var value: UInt32 = 0
                    for offset in 0..<bitWidth {
                        let absolute = bit + offset
                        if bytes[position + absolute / 8] >> (absolute % 8) & 1 == 1 { value |= 1 << offset }
                    }
                    bit += bitWidth
                    values.append(value)
                }
                position += groups * bitWidth
            }
        }
        return Array(values.prefix(count))
    }
}
