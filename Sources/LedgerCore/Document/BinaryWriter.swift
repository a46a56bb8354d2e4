/// Appends little-endian varints and length-prefixed bytes to a growing buffer.
public struct BinaryWriter: Sendable {
    public private(set) var bytes: [UInt8]

    public init(capacity: Int = 128) {
        bytes = []
        bytes.reserveCapacity(capacity)
    }

    /// Empties the buffer and keeps its capacity, for a writer used once per record.
    public mutating func reset() { bytes.removeAll(keepingCapacity: true) }

    public mutating func byte(_ value: UInt8) { bytes.append(value) }

    public mutating func raw<C: Collection>(_ data: C) where C.Element == UInt8 { bytes.append(contentsOf: data) }

    public mutating func varint(_ value: UInt64) {
        if value < 0x80 { return bytes.append(UInt8(value)) }
        // Gathered on the stack and appended once: each append checks the array's uniqueness
        // and room, and byte by byte that was most of encoding a replay's state.
        var gathered: (UInt64, UInt64) = (0, 0)
        let count = withUnsafeMutableBytes(of: &gathered) { buffer in
            var rest = value, count = 0
            while rest >= 0x80 {
                buffer[count] = UInt8(truncatingIfNeeded: rest) | 0x80
                rest >>= 7
                count += 1
            }
            buffer[count] = UInt8(rest)
            return count + 1
        }
        withUnsafeBytes(of: &gathered) { bytes.append(contentsOf: $0[..<count]) }
    }

    /// Zigzag keeps small negative numbers small.
    public mutating func signed(_ value: Int64) {
        varint(UInt64(bitPattern: (value << 1) ^ (value >> 63)))
    }

    public mutating func lengthPrefixed<C: Collection>(_ data: C) where C.Element == UInt8 {
        varint(UInt64(data.count))
        bytes.append(contentsOf: data)
    }

    public mutating func string(_ value: String) {
        // Native strings are read in place; only a bridged one is copied to contiguous UTF-8.
        if let written: Void = value.utf8.withContiguousStorageIfAvailable({ lengthPrefixed($0) }) { return written }
        var copy = value
        copy.withUTF8 { lengthPrefixed($0) }
    }

    public mutating func float64(_ value: Double) {
        withUnsafeBytes(of: value.bitPattern.littleEndian) { bytes.append(contentsOf: $0) }
    }
}
