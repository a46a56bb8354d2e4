/// A strict JSON reader producing `DocValue`s, with errors that name the byte offset.
///
/// Integers without a fraction or exponent stay integers; object fields keep their order.
public struct JSONParser {
    private let bytes: [UInt8]
    private var offset = 0

    public static func parse(_ text: String) throws(JSONError) -> DocValue {
        var parser = JSONParser(bytes: Array(text.utf8))
        parser.skipWhitespace()
        let value = try parser.value(depth: 0)
        parser.skipWhitespace()
        guard parser.offset == parser.bytes.count else { throw parser.error("unexpected text after the value") }
        return value
    }

    /// Parses a JSON object; anything else is an error.
    public static func parseObject(_ text: String) throws(JSONError) -> Document {
        guard case .map(let document) = try parse(text) else {
            throw JSONError(message: "expected a JSON object", offset: 0)
        }
        return document
    }

    private init(bytes: [UInt8]) { self.bytes = bytes }

    private func error(_ message: String) -> JSONError { JSONError(message: message, offset: offset) }

    private mutating func skipWhitespace() {
        while offset < bytes.count, [0x20, 0x0a, 0x0d, 0x09].contains(bytes[offset]) { offset += 1 }
    }

    private mutating func expect(_ literal: String, _ value: DocValue) throws(JSONError) -> DocValue {
        let expected = Array(literal.utf8)
        guard bytes.count - offset >= expected.count, Array(bytes[offset..<offset + expected.count]) == expected
        else { throw error("expected \(literal)") }
        offset += expected.count
        return value
    }

    private mutating func value(depth: Int) throws(JSONError) -> DocValue {
        guard depth < 64 else { throw error("nesting deeper than 64 levels") }
        guard offset < bytes.count else { throw error("unexpected end of input") }
        switch bytes[offset] {
        case UInt8(ascii: "{"): return .map(try object(depth: depth))
        case UInt8(ascii: "["): return try array(depth: depth)
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): return try expect("true", .bool(true))
        case UInt8(ascii: "f"): return try expect("false", .bool(false))
        case UInt8(ascii: "n"): return try expect("null", .null)
        default: return try number()
        }
    }

    private mutating func object(depth: Int) throws(JSONError) -> Document {
        offset += 1
        var fields: [(String, DocValue)] = []
        skipWhitespace()
        if offset < bytes.count, bytes[offset] == UInt8(ascii: "}") {
            offset += 1
            return Document(fields)
        }
        // A repeated name would make the document mean different things to different readers.
        var names = Set<String>()
        while true {
            skipWhitespace()
            guard offset < bytes.count, bytes[offset] == UInt8(ascii: "\"") else { throw error("expected a field name") }
            let nameStart = offset
            let name = try string()
            guard names.insert(name).inserted else {
                offset = nameStart
                throw error("duplicate field name '\(name)'")
            }
            skipWhitespace()
            guard offset < bytes.count, bytes[offset] == UInt8(ascii: ":") else { throw error("expected ':'") }
            offset += 1
            skipWhitespace()
            fields.append((name, try value(depth: depth + 1)))
            skipWhitespace()
            guard offset < bytes.count else { throw error("unexpected end of input in an object") }
            if bytes[offset] == UInt8(ascii: ",") { offset += 1; continue }
            if bytes[offset] == UInt8(ascii: "}") { offset += 1; return Document(fields) }
            throw error("expected ',' or '}'")
        }
    }

    private mutating func array(depth: Int) throws(JSONError) -> DocValue {
        offset += 1
        var items: [DocValue] = []
        skipWhitespace()
        if offset < bytes.count, bytes[offset] == UInt8(ascii: "]") {
            offset += 1
            return .array(items)
        }
        while true {
            skipWhitespace()
            items.append(try value(depth: depth + 1))
            skipWhitespace()
            guard offset < bytes.count else { throw error("unexpected end of input in an array") }
            if bytes[offset] == UInt8(ascii: ",") { offset += 1; continue }
            if bytes[offset] == UInt8(ascii: "]") { offset += 1; return .array(items) }
            throw error("expected ',' or ']'")
        }
    }

    private mutating func string() throws(JSONError) -> String {
        offset += 1
        var scalars = String.UnicodeScalarView()
        var run = offset
        func flush(_ end: Int) {
            if end > run { scalars.append(contentsOf: String(decoding: bytes[run..<end], as: UTF8.self).unicodeScalars) }
        }
        while offset < bytes.count {
            let byte = bytes[offset]
            if byte == UInt8(ascii: "\"") {
                flush(offset)
                offset += 1
                return String(scalars)
            }
            if byte < 0x20 { throw error("control character in a string") }
            if byte == UInt8(ascii: "\\") {
                flush(offset)
                offset += 1
                scalars.append(try escape())
                run = offset
                continue
            }
            offset += 1
        }
        throw error("unterminated string")
    }

    private mutating func escape() throws(JSONError) -> Unicode.Scalar {
        guard offset < bytes.count else { throw error("unterminated escape") }
        let byte = bytes[offset]
        offset += 1
        switch byte {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{8}"
        case UInt8(ascii: "f"): return "\u{c}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"):
            let high = try hex4()
            if (0xD800..<0xDC00).contains(high) {
                guard bytes.count - offset >= 6, bytes[offset] == UInt8(ascii: "\\"), bytes[offset + 1] == UInt8(ascii: "u")
                else { throw error("lone surrogate in \\u escape") }
                offset += 2
                let low = try hex4()
                guard (0xDC00..<0xE000).contains(low) else { throw error("bad low surrogate") }
                // Cannot fail: both halves were checked to be surrogates, which pair to a scalar above 0xFFFF
                return Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))!
            }
            guard let scalar = Unicode.Scalar(high) else { throw error("lone surrogate in \\u escape") }
            return scalar
        default: throw error("unknown escape")
        }
    }

    private mutating func hex4() throws(JSONError) -> UInt32 {
        guard bytes.count - offset >= 4 else { throw error("short \\u escape") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let digit = hexDigit(bytes[offset]) else { throw error("bad hex digit") }
            value = value << 4 | digit
            offset += 1
        }
        return value
    }

    private func hexDigit(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    /// RFC 8259 numbers only: no leading `+` or zeros, digits on both sides of a `.`.
    private mutating func number() throws(JSONError) -> DocValue {
        let start = offset
        var integral = true
        func digits() -> Bool {
            let first = offset
            while offset < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[offset]) { offset += 1 }
            return offset > first
        }
        if offset < bytes.count, bytes[offset] == UInt8(ascii: "-") { offset += 1 }
        let intStart = offset
        var valid = digits() && !(bytes[intStart] == UInt8(ascii: "0") && offset - intStart > 1)
        if valid, offset < bytes.count, bytes[offset] == UInt8(ascii: ".") {
            integral = false
            offset += 1
            valid = digits()
        }
        if valid, offset < bytes.count, bytes[offset] == UInt8(ascii: "e") || bytes[offset] == UInt8(ascii: "E") {
            integral = false
            offset += 1
            if offset < bytes.count, bytes[offset] == UInt8(ascii: "+") || bytes[offset] == UInt8(ascii: "-") { offset += 1 }
            valid = digits()
        }
        // Take in what looks like the rest of the number so the message shows all of it.
        while offset < bytes.count, Self.numberCharacters.contains(bytes[offset]) {
            valid = false
            offset += 1
        }
        let text = String(decoding: bytes[start..<offset], as: UTF8.self)
        if valid, integral, let number = Int64(text) { return .int(number) }
        guard valid, let number = Double(text), number.isFinite else {
            offset = start
            throw error(text.isEmpty ? "unexpected character" : "bad number '\(text)'")
        }
        return .double(number)
    }

    private static let numberCharacters = Set("0123456789+-.eE".utf8)
}

/// JSON that does not parse, with the byte offset where it went wrong.
public struct JSONError: Error, Equatable, CustomStringConvertible {
    public let message: String
    public let offset: Int
    public var description: String { "\(message) at byte \(offset)" }
}
