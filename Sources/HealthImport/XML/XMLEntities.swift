/// Decodes XML's character and entity references in an attribute value.
///
/// Lenient where exports are sloppy: an unknown entity or a bare `&` is kept as written
/// rather than failing the import, and control characters (raw or as references), which
/// XML forbids and some sources write anyway — a vertical tab where a space belongs in
/// "Anna's\u{0B}iPhone" — become spaces, as tabs and line breaks do under XML's
/// attribute-value normalisation.
enum XMLEntities {
    static func decode(_ raw: UnsafeBufferPointer<UInt8>, into output: inout [UInt8]) {
        var index = 0
        while index < raw.count {
            let byte = raw[index]
            if byte == 0x26, let (scalar, length) = reference(raw, at: index) {
                append(scalar, to: &output)
                index += length
                continue
            }
            output.append(byte < 0x20 ? 0x20 : byte)
            index += 1
        }
    }

    /// The scalar a reference at `at` stands for and its length in bytes, or nil when it is not one.
    private static func reference(_ raw: UnsafeBufferPointer<UInt8>, at: Int) -> (UInt32, Int)? {
        var end = at + 1
        while end < raw.count, end - at <= 10, raw[end] != 0x3B { end += 1 }
        guard end < raw.count, raw[end] == 0x3B else { return nil }
        let body = String(decoding: UnsafeBufferPointer(rebasing: raw[(at + 1)..<end]), as: UTF8.self)
        let length = end - at + 1
        switch body {
        case "lt": return (0x3C, length)
        case "gt": return (0x3E, length)
        case "amp": return (0x26, length)
        case "quot": return (0x22, length)
        case "apos": return (0x27, length)
        default:
            guard body.hasPrefix("#") else { return nil }
            let digits = body.dropFirst()
            let value = digits.hasPrefix("x") || digits.hasPrefix("X") ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits, radix: 10)
            guard let value, Unicode.Scalar(value) != nil else { return nil }
            return (value, length)
        }
    }

    private static func append(_ scalar: UInt32, to output: inout [UInt8]) {
        if scalar < 0x20 {
            output.append(0x20)
            return
        }
        output.append(contentsOf: String(Unicode.Scalar(scalar)!).utf8)
    }
}
