import Foundation

/// Decodes the ASCII armor of an age file (strict PEM, RFC 7468, label "AGE ENCRYPTED FILE")
/// as a stream; ``AgeReader`` applies it by itself when the input starts with the armor.
///
/// Only what the spec allows is accepted: whitespace before and after the block, LF or CRLF
/// line ends, 64-column lines of canonical padded base64 with a shorter non-empty last one.
public final class AgeArmorInput: AgeInput {
    static let beginLine = Array("-----BEGIN AGE ENCRYPTED FILE-----".utf8)
    static let endLine = Array("-----END AGE ENCRYPTED FILE-----".utf8)
    static let lineWidth = 64

    private let input: InputBuffer
    private var decoded: [UInt8] = []
    private var offset = 0
    private var begun = false
    private var ended = false
    private var sawLastLine = false

    public convenience init(_ input: any AgeInput) { self.init(buffer: InputBuffer(input)) }

    init(buffer: InputBuffer) { input = buffer }

    /// Whether `buffer` starts, after optional whitespace, with the armor's BEGIN line.
    static func isArmored(_ buffer: InputBuffer) throws -> Bool {
        let start = try buffer.peek(upTo: 1024)
        let text = start.drop(while: isWhitespace)
        return text.starts(with: beginLine)
    }

    public func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        // An empty buffer takes nothing, as read(2) with a count of 0; it may have no address.
        guard !buffer.isEmpty else { return 0 }
        while offset == decoded.count {
            if ended { return 0 }
            try decodeNextLine()
        }
        let count = min(buffer.count, decoded.count - offset)
        // Cannot fail: `buffer` is not empty (checked above), and `decoded` holds more than `offset` bytes.
        decoded.withUnsafeBytes { buffer.baseAddress!.copyMemory(from: $0.baseAddress! + offset, byteCount: count) }
        offset += count
        return count
    }

    private func decodeNextLine() throws {
        decoded.removeAll(keepingCapacity: true)
        offset = 0
        guard begun else { return try readBeginLine() }
        let (line, hasEnd) = try nextLine()
        if line.elementsEqual(Self.endLine) { return try readTrailer() }
        guard hasEnd else { throw AgeError.armorMalformed("the armor has no '-----END AGE ENCRYPTED FILE-----' line") }
        guard !sawLastLine else { throw AgeError.armorMalformed("an armor line after the last, shorter one") }
        guard !line.isEmpty, line.count <= Self.lineWidth, line.count % 4 == 0 else {
            throw AgeError.armorMalformed("an armor line is empty, longer than 64 columns or not padded base64")
        }
        sawLastLine = line.count < Self.lineWidth || line.last == UInt8(ascii: "=")
        let text = String(decoding: line, as: UTF8.self)
        // Re-encoding rejects whitespace, misplaced padding and non-canonical bits alike.
        guard let data = Data(base64Encoded: text), data.base64EncodedString() == text else {
            throw AgeError.armorMalformed("an armor line is not canonical base64")
        }
        decoded.append(contentsOf: data)
    }

    private func readBeginLine() throws {
        var (line, hasEnd) = try nextLine()
        while hasEnd, line.allSatisfy(Self.isWhitespace) { (line, hasEnd) = try nextLine() }
        guard line.elementsEqual(Self.beginLine) else {
            throw AgeError.armorMalformed("it does not start with '-----BEGIN AGE ENCRYPTED FILE-----'")
        }
        begun = true
    }

    /// After the END line only whitespace may follow.
    private func readTrailer() throws {
        while true {
            let (line, hasEnd) = try nextLine()
            guard line.allSatisfy(Self.isWhitespace) else { throw AgeError.armorMalformed("data after the armor's END line") }
            if !hasEnd { break }
        }
        ended = true
    }

    /// The next line without its LF or CRLF, and whether it had one.
    private func nextLine() throws -> (ArraySlice<UInt8>, Bool) {
        let line = try input.readLine(limit: 256)
        guard line.last == 0x0A else {
            if line.count >= 256 { throw AgeError.armorMalformed("an armor line is longer than 64 columns") }
            return (line[...], false)
        }
        let withoutFeed = line.dropLast()
        return (withoutFeed.last == 0x0D ? withoutFeed.dropLast() : withoutFeed, true)
    }

    static func isWhitespace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0D || byte == 0x0A }
}
