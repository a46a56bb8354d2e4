/// The recovery code: 160 random bits shown once at init as 8 groups of 4 Crockford base32 characters.
public enum RecoveryCode {
    private static let alphabet = Array("0123456789ABCDEFGHJKMNPQRSTVWXYZ".utf8)

    public static func generate() -> String { format(Sodium.random(20)) }

    static func format(_ bytes: [UInt8]) -> String {
        var bits = 0
        var buffer = 0
        var chars: [UInt8] = []
        for byte in bytes {
            buffer = buffer << 8 | Int(byte)
            bits += 8
            while bits >= 5 {
                bits -= 5
                chars.append(alphabet[(buffer >> bits) & 31])
            }
        }
        return stride(from: 0, to: chars.count, by: 4)
            .map { String(decoding: chars[$0..<min($0 + 4, chars.count)], as: UTF8.self) }
            .joined(separator: "-")
    }

    /// The code as the secret to unwrap with: case, dashes and spaces ignored; I/L read as 1, O as 0.
    public static func normalized(_ text: String) -> [UInt8]? {
        var out: [UInt8] = []
        for char in text.uppercased().utf8 where char != UInt8(ascii: "-") && char != UInt8(ascii: " ") {
            let mapped: UInt8 = switch char {
            case UInt8(ascii: "I"), UInt8(ascii: "L"): UInt8(ascii: "1")
            case UInt8(ascii: "O"): UInt8(ascii: "0")
            default: char
            }
            guard alphabet.contains(mapped) else { return nil }
            out.append(mapped)
        }
        return out.count == 32 ? out : nil
    }
}
