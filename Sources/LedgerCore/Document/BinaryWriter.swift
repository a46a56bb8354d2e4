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
        var rest = value
        while rest >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: rest) | 0x80)
            rest >>= 7
        }
        bytes.append(UInt8(rest))
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
