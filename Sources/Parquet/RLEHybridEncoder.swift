/// Parquet's RLE / bit-packed hybrid encoding of small unsigned integers (definition
/// levels, dictionary indices).
///
/// Values are taken in aligned groups of eight: consecutive groups holding one repeated
/// value become a run-length run, the others bit-packed runs (which must hold whole
/// groups). The tail shorter than a group is a run-length run when uniform, else a
/// bit-packed group padded with zeros, which readers ignore past the value count.
enum RLEHybridEncoder {
    static func encode(_ values: [UInt32], bitWidth: Int) -> [UInt8] {
        var output: [UInt8] = []
        var packed: [UInt32] = []
        var repeated: (value: UInt32, count: Int)?
        func flushPacked() {
            guard !packed.isEmpty else { return }
            while packed.count % 8 != 0 { packed.append(0) }
            appendVarint(UInt64(packed.count / 8) << 1 | 1, to: &output)
            appendBitPacked(packed, bitWidth: bitWidth, to: &output)
            packed.removeAll(keepingCapacity: true)
        }
        func flushRepeated() {
            guard let run = repeated else { return }
            appendVarint(UInt64(run.count) << 1, to: &output)
            let width = (bitWidth + 7) / 8
            for index in 0..<width { output.append(UInt8(truncatingIfNeeded: run.value >> (8 * index))) }
            repeated = nil
        }
        var start = 0
        while start < values.count {
            let end = min(start + 8, values.count)
            let group = values[start..<end]
            let first = group[group.startIndex]
            if group.allSatisfy({ $0 == first }) {
                flushPacked()
                if let run = repeated, run.value == first {
                    repeated = (first, run.count + group.count)
                } else {
                    flushRepeated()
                    repeated = (first, group.count)
                }
            } else {
                flushRepeated()
                packed.append(contentsOf: group)
            }
            start = end
        }
        flushPacked()
        flushRepeated()
        return output
    }

    /// The width of the largest value, at least one bit.
    static func bitWidth(forMaximum maximum: UInt32) -> Int { max(1, 32 - maximum.leadingZeroBitCount) }

    private static func appendBitPacked(_ values: [UInt32], bitWidth: Int, to output: inout [UInt8]) {
        var accumulator: UInt64 = 0
        var bits = 0
        for value in values {
            accumulator |= UInt64(value) << bits
            bits += bitWidth
            while bits >= 8 {
                output.append(UInt8(truncatingIfNeeded: accumulator))
                accumulator >>= 8
                bits -= 8
            }
        }
        if bits > 0 { output.append(UInt8(truncatingIfNeeded: accumulator)) }
    }

    static func appendVarint(_ value: UInt64, to output: inout [UInt8]) {
        var rest = value
        while rest >= 0x80 {
            output.append(UInt8(rest & 0x7F) | 0x80)
            rest >>= 7
        }
        output.append(UInt8(rest))
    }
}
