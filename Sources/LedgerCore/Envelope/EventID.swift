/// A 16-byte event identifier, shown as 32 lowercase hex digits.
public struct EventID: Hashable, Comparable, Sendable, CustomStringConvertible {
    public static let byteCount = 16
    public let bytes: [UInt8]

    public init?(bytes: some Collection<UInt8>) {
        guard bytes.count == Self.byteCount else { return nil }
        self.bytes = Array(bytes)
    }

    public init?(hex: String) {
        guard let bytes = Hex.decode(hex), bytes.count == Self.byteCount else { return nil }
        self.bytes = bytes
    }

    /// A random id from the system's generator, for events typed at the CLI.
    public static func random() -> EventID {
        var generator = SystemRandomNumberGenerator()
        return EventID(bytes: (0..<byteCount).map { _ in UInt8.random(in: .min ... .max, using: &generator) })!
    }

    public var description: String { Hex.encode(bytes) }

    public static func < (lhs: EventID, rhs: EventID) -> Bool { lhs.bytes.lexicographicallyPrecedes(rhs.bytes) }
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
