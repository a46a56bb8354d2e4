import Glibc

/// Reads what `BinaryWriter` wrote; every read checks bounds and throws on truncation.
public struct BinaryReader {
    public let bytes: [UInt8]
    public private(set) var offset: Int

    public init(_ bytes: [UInt8], offset: Int = 0) {
        self.bytes = bytes
        self.offset = offset
    }

    public var isAtEnd: Bool { offset >= bytes.count }

    public mutating func byte() throws(DecodingError) -> UInt8 {
        guard offset < bytes.count else { throw .truncated(at: offset) }
        defer { offset += 1 }
        return bytes[offset]
    }

    public mutating func raw(_ count: Int) throws(DecodingError) -> ArraySlice<UInt8> {
        guard count >= 0, bytes.count - offset >= count else { throw .truncated(at: offset) }
        defer { offset += count }
        return bytes[offset..<offset + count]
    }

    public mutating func varint() throws(DecodingError) -> UInt64 {
        var result: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            let next = try byte()
            guard shift < 64 else { throw .malformed("varint longer than 64 bits", at: offset) }
            result |= UInt64(next & 0x7f) << shift
            if next < 0x80 { return result }
            shift += 7
        }
    }

    /// Steps over up to `count` values in a row that are finite numbers: integers (tag `int`,
    /// a varint), decimals (tag `decimal`, a scale below `scaleLimit`, a varint) or finite
    /// doubles (tag `double`, eight bytes little-endian), and returns how many. Stops before
    /// anything else, and before a value it would refuse (cut short, a varint over ten bytes, a
    /// scale too large), so whoever reads it next reads or refuses it as always.
    public mutating func skipFiniteNumbers(upTo count: Int, int: UInt8, decimal: UInt8, double: UInt8, scaleLimit: UInt8) -> Int {
        bytes.withUnsafeBufferPointer { buffer in
            var at = offset
            var skipped = 0
            values: while skipped < count, at < buffer.count {
                var next = at + 1
                if buffer[at] == double {
                    // All eleven exponent bits set: infinite or not a number.
                    guard buffer.count - next >= 8, buffer[next + 7] & 0x7F != 0x7F || buffer[next + 6] & 0xF0 != 0xF0 else { break }
                    at = next + 8
                    skipped += 1
                    continue values
                } else if buffer[at] == decimal {
                    guard next < buffer.count, buffer[next] < scaleLimit else { break }
                    next += 1
                } else if buffer[at] != int {
                    break
                }
                let end = min(buffer.count, next + 10)
                while next < end {
                    next += 1
                    if buffer[next - 1] < 0x80 {
                        at = next
                        skipped += 1
                        continue values
                    }
                }
                break
            }
            offset = at
            return skipped
        }
    }

    public mutating func signed() throws(DecodingError) -> Int64 {
        let raw = try varint()
        return Int64(bitPattern: raw >> 1) ^ -Int64(bitPattern: raw & 1)
    }

    public mutating func count() throws(DecodingError) -> Int {
        let value = try varint()
        guard value <= UInt64(bytes.count - offset) else { throw .truncated(at: offset) }
        return Int(value)
    }

    public mutating func lengthPrefixed() throws(DecodingError) -> ArraySlice<UInt8> {
        try raw(count())
    }

    public mutating func string() throws(DecodingError) -> String {
        // Read first, so that an error names the offset after the string, as skipping does.
        let slice = try lengthPrefixed()
        return try checkedString(slice)
    }

    /// The string `slice` (just read) spells; throws at the reader's offset if it is not UTF-8.
    func checkedString(_ slice: ArraySlice<UInt8>) throws(DecodingError) -> String {
        // Decoded with repair, then compared with memcmp, since repair changes any byte that
        // is not UTF-8. `String(validating:as:)` runs unspecialized, and stepping through the
        // UTF-8 view costs as much (docs/performance.md, `BinaryReader.string`).
        var text = String(decoding: slice, as: UTF8.self)
        let unchanged = text.withUTF8 { decoded in
            slice.withUnsafeBufferPointer { original in
                // Cannot fail: memcmp runs only when both buffers hold the same count of bytes and it is
                // not zero.
                decoded.count == original.count && (original.isEmpty || memcmp(decoded.baseAddress!, original.baseAddress!, original.count) == 0)
            }
        }
        guard unchanged else { throw .malformed("string is not UTF-8", at: offset) }
        return text
    }

    /// Steps over a string, checking it is UTF-8 as `string()` does, without making it.
    public mutating func skipString() throws(DecodingError) {
        _ = try checkedSlice()
    }

    /// A string's UTF-8, checked as `string()` checks it, without making the string.
    mutating func checkedSlice() throws(DecodingError) -> ArraySlice<UInt8> {
        let slice = try lengthPrefixed()
        guard WellFormedUTF8.check(slice) else { throw .malformed("string is not UTF-8", at: offset) }
        return slice
    }

    public mutating func float64() throws(DecodingError) -> Double {
        guard bytes.count - offset >= 8 else { throw .truncated(at: offset) }
        // Little-endian, loaded in place: a block of day values holds thousands.
        let bits = bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset, as: UInt64.self) }
        offset += 8
        return Double(bitPattern: UInt64(littleEndian: bits))
    }
}

/// Bytes that do not decode: a truncated or corrupt record or document.
public struct DecodingError: Error, Equatable, CustomStringConvertible {
    private enum Reason: Equatable {
        case truncated
        case malformed(String)
    }

    private let reason: Reason
    /// The byte of the record or document where decoding stopped.
    public let offset: Int

    private init(_ reason: Reason, at offset: Int) {
        self.reason = reason
        self.offset = offset
    }

    /// The bytes end at `offset`, before what they announce.
    public static func truncated(at offset: Int) -> Self { Self(.truncated, at: offset) }
    /// What is at `offset` is not what the format allows; `what` says which field and why.
    public static func malformed(_ what: String, at offset: Int) -> Self { Self(.malformed(what), at: offset) }

    public var description: String {
        switch reason {
        case .truncated: "data ends early at byte \(offset)"
        case .malformed(let what): "\(what) at byte \(offset)"
        }
    }
}

extension BinaryReader {
    /// Reads a stored format's version byte, refusing any other than `expected`; `name`
    /// names the projection for the message.
    public mutating func expectVersion(_ expected: UInt8, of name: String) throws(DecodingError) {
        let version = try byte()
        guard version == expected else {
            throw .malformed("\(name) format \(version) is unknown (this build reads \(expected)); rebuild the projection", at: 0)
        }
    }

    /// Refuses bytes left over after a partition was read.
    public func expectEnd(of name: String) throws(DecodingError) {
        guard isAtEnd else { throw .malformed("\(name) partition has trailing bytes", at: offset) }
    }
}
