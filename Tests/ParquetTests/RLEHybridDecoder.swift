/// Decodes Parquet's RLE / bit-packed hybrid runs, written from the format's description, to
/// check the encoder against.
enum RLEHybridDecoder {
    static func decode(_ bytes: [UInt8], bitWidth: Int, count: Int) -> [UInt32] {
        var values: [UInt32] = []
        var cursor = ByteCursor(bytes)
        while values.count < count, cursor.position < bytes.count {
            let header = cursor.varint()
            if header & 1 == 0 {
                let run = Int(header >> 1)
                var value: UInt32 = 0
                for (index, byte) in cursor.take((bitWidth + 7) / 8).enumerated() { value |= UInt32(byte) << (8 * index) }
                values += Array(repeating: value, count: run)
            } else {
                let groups = Int(header >> 1)
                let packed = cursor.take(groups * bitWidth)
                var bit = 0
                for _ in 0..<(groups * 8) {
                    var value: UInt32 = 0
                    for offset in 0..<bitWidth {
                        let absolute = bit + offset
                        if packed[absolute / 8] >> (absolute % 8) & 1 == 1 { value |= 1 << offset }
                    }
                    bit += bitWidth
                    values.append(value)
                }
            }
        }
        return Array(values.prefix(count))
    }
}
