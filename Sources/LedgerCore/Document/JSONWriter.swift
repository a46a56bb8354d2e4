import Foundation

/// Writes `DocValue`s as compact JSON with fields in their stored order.
///
/// Bytes become base64 strings; typed payloads accept either form when reading back.
///
/// The text is built as UTF-8 bytes: appending to a `[UInt8]` is several times cheaper than
/// appending small pieces to a `String`, and an export writes gigabytes of it. The `String`
/// forms are for the callers that want text.
public enum JSONWriter {
    public static func string(_ document: Document) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(256)
        write(document, into: &out)
        return String(decoding: out, as: UTF8.self)
    }

    public static func write(_ document: Document, into out: inout String) {
        out += string(document)
    }

    public static func write(_ value: DocValue, into out: inout String) {
        var bytes: [UInt8] = []
        write(value, into: &bytes)
        out += String(decoding: bytes, as: UTF8.self)
    }

    public static func writeString(_ text: String, into out: inout String) {
        var bytes: [UInt8] = []
        writeString(text, into: &bytes)
        out += String(decoding: bytes, as: UTF8.self)
    }

    public static func write(_ document: Document, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "{"))
        var first = true
        for field in document.fields {
            if !first { out.append(UInt8(ascii: ",")) }
            first = false
            writeString(field.name, into: &out)
            out.append(UInt8(ascii: ":"))
            write(field.value, into: &out)
        }
        out.append(UInt8(ascii: "}"))
    }

    public static func write(_ value: DocValue, into out: inout [UInt8]) {
        switch value {
        case .null: out.append(contentsOf: "null".utf8)
        case .bool(let flag): out.append(contentsOf: (flag ? "true" : "false").utf8)
        case .int(let number): writeDecimal(number, into: &out)
        // Swift's shortest round-trip form keeps the fraction (`72.0`), so a double reads back
        // as a double rather than an integer and documents survive JSON unchanged.
        case .double(let number): out.append(contentsOf: (number.isFinite ? number.description : "null").utf8)
        case .string(let text): writeString(text, into: &out)
        case .bytes(let data): writeString(Data(data).base64EncodedString(), into: &out)
        case .array(let items):
            out.append(UInt8(ascii: "["))
            var first = true
            for item in items {
                if !first { out.append(UInt8(ascii: ",")) }
                first = false
                write(item, into: &out)
            }
            out.append(UInt8(ascii: "]"))
        case .map(let document): write(document, into: &out)
        }
    }

    /// Short text for people (messages, tables): integral values leave the ".0" out, so
    /// 72.0 prints as 72. JSON keeps it; see `write`.
    static func formatDouble(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return "\(value)"
    }

    /// `text` as a JSON string. Only `"`, `\` and control characters are escaped; every
    /// other byte of the UTF-8 is copied as it is, in runs.
    public static func writeString(_ text: String, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        if text.utf8.withContiguousStorageIfAvailable({ writeEscaped($0, into: &out) }) == nil {
            var copy = text
            copy.withUTF8 { writeEscaped($0, into: &out) }
        }
        out.append(UInt8(ascii: "\""))
    }

    private static func writeEscaped(_ utf8: UnsafeBufferPointer<UInt8>, into out: inout [UInt8]) {
        var run = 0
        for index in utf8.indices where needsEscape(utf8[index]) {
            out.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[run..<index]))
            run = index + 1
            writeEscaped(utf8[index], into: &out)
        }
        out.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[run...]))
    }

    /// The escape of a byte that needs one (`"`, `\` or a control character).
    public static func writeEscaped(_ byte: UInt8, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "\\"))
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"): out.append(byte)
        case UInt8(ascii: "\n"): out.append(UInt8(ascii: "n"))
        case UInt8(ascii: "\r"): out.append(UInt8(ascii: "r"))
        case UInt8(ascii: "\t"): out.append(UInt8(ascii: "t"))
        default: out.append(contentsOf: [UInt8(ascii: "u"), 0x30, 0x30, hexDigit(byte >> 4), hexDigit(byte & 0xF)])
        }
    }

    @inline(__always)
    private static func needsEscape(_ byte: UInt8) -> Bool { byte < 0x20 || byte == 0x22 || byte == 0x5C }

    private static func hexDigit(_ nibble: UInt8) -> UInt8 { nibble < 10 ? 0x30 + nibble : 0x61 + nibble - 10 }

    /// `number` in decimal, as `String(number)` writes it, with zeros in front of the digits
    /// up to `minimumDigits` (at most 20).
    public static func writeDecimal(_ number: Int64, minimumDigits: Int = 1, into out: inout [UInt8]) {
        if number < 0 { out.append(UInt8(ascii: "-")) }
        // The magnitude as unsigned: `-Int64.min` does not fit in Int64.
        var magnitude = number.magnitude
        var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                     UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var count = 0
        withUnsafeMutableBytes(of: &digits) { buffer in
            repeat {
                buffer[19 - count] = 0x30 + UInt8(magnitude % 10)
                magnitude /= 10
                count += 1
            } while magnitude > 0 || count < min(minimumDigits, 20)
            out.append(contentsOf: buffer[(20 - count)...])
        }
    }
}
