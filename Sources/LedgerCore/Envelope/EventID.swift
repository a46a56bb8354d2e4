/// A 16-byte event identifier, shown as 32 lowercase hex digits.
///
/// Held as two big-endian words rather than an array: every event carries one, and an id
/// on the heap cost an allocation per event and reference counting on every copy.
public struct EventID: Hashable, Comparable, Sendable, CustomStringConvertible {
    public static let byteCount = 16
    /// The first and last eight bytes, read big-endian: ordering the words orders the bytes.
    public let words: (high: UInt64, low: UInt64)

    @inlinable
    public init?(bytes: some Collection<UInt8>) {
        guard bytes.count == Self.byteCount else { return nil }
        // Arrays and slices are read as two words; other collections byte by byte.
        if let words = bytes.withContiguousStorageIfAvailable({ stored in
            let raw = UnsafeRawBufferPointer(stored)
            return (UInt64(bigEndian: raw.loadUnaligned(as: UInt64.self)), UInt64(bigEndian: raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self)))
        }) {
            self.words = words
            return
        }
        var high: UInt64 = 0, low: UInt64 = 0
        for (index, byte) in bytes.enumerated() {
            if index < 8 { high = high << 8 | UInt64(byte) } else { low = low << 8 | UInt64(byte) }
        }
        words = (high, low)
    }

    public init?(hex: String) {
        guard let bytes = Hex.decode(hex) else { return nil }
        self.init(bytes: bytes)
    }

    /// A random id from the system's generator, for events typed at the CLI.
    public static func random() -> EventID {
        var generator = SystemRandomNumberGenerator()
        // Cannot fail: byteCount bytes, an id's size
        return EventID(bytes: (0..<byteCount).map { _ in UInt8.random(in: .min ... .max, using: &generator) })!
    }

    public var bytes: [UInt8] { withUnsafeBytes { Array($0) } }

    /// The 16 bytes, without making an array of them.
    public func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try Swift.withUnsafeBytes(of: (words.high.bigEndian, words.low.bigEndian), body)
    }

    public var description: String { Hex.encode(bytes) }

    public static func == (lhs: EventID, rhs: EventID) -> Bool { lhs.words == rhs.words }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(words.high)
        hasher.combine(words.low)
    }

    public static func < (lhs: EventID, rhs: EventID) -> Bool { lhs.words < rhs.words }
}

/// Lowercase hexadecimal text for bytes.
public enum Hex {
    private static let digits = Array("0123456789abcdef".utf8)

    public static func encode(_ bytes: some Sequence<UInt8>) -> String {
        var out: [UInt8] = []
        for byte in bytes {
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 0x0f)])
        }
        return String(decoding: out, as: UTF8.self)
    }

    public static func decode(_ text: String) -> [UInt8]? {
        let chars = Array(text.utf8)
        guard chars.count % 2 == 0 else { return nil }
        var out: [UInt8] = []
        out.reserveCapacity(chars.count / 2)
        var index = 0
        while index < chars.count {
            guard let high = nibble(chars[index]), let low = nibble(chars[index + 1]) else { return nil }
            out.append(high << 4 | low)
            index += 2
        }
        return out
    }

    private static func nibble(_ char: UInt8) -> UInt8? {
        switch char {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): char - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): char - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): char - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
