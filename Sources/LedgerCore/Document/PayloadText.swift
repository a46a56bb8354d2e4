/// The trigrams of a payload that a text search (`log --text`) can look up in an index.
///
/// A search matches an event when its payload's compact JSON, lowercased, contains the
/// lowercased text. A trigram here is three consecutive bytes of that JSON, each an *indexed*
/// character: printable ASCII other than what separates JSON's tokens (`"{}[]:,`), the escape
/// character (`\`), and the two (`;` and `` ` ``) that other characters equal under Unicode's
/// canonical equivalence, which `String` comparison follows. Since no indexed character
/// stands between two tokens, every trigram lies inside one key, string, number or literal,
/// so a payload's trigrams can be taken token by token without writing the whole JSON.
///
/// The promise the index keeps: when a payload matches a text, every trigram of the text
/// (`trigrams(ofNeedle:)`) is one of the payload's. A character of the text that is a single
/// indexed scalar equals only that same scalar, so the JSON holds those bytes in a row.
public enum PayloadText {
    /// Trigram codes are below this: three characters of 96.
    public static let codeCount = 96 * 96 * 96

    @inline(__always)
    public static func isIndexed(_ byte: UInt8) -> Bool {
        guard byte >= 0x20, byte < 0x7F else { return false }
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "["), UInt8(ascii: "]"),
             UInt8(ascii: ":"), UInt8(ascii: ","), UInt8(ascii: "\\"), UInt8(ascii: ";"), UInt8(ascii: "`"):
            return false
        default:
            return true
        }
    }

    @inline(__always)
    static func code(_ first: UInt8, _ second: UInt8, _ third: UInt8) -> UInt32 {
        (UInt32(first) - 0x20) * 9_216 + (UInt32(second) - 0x20) * 96 + (UInt32(third) - 0x20)
    }

    /// Calls `body` with the code of every trigram of the lowercased compact JSON of `document`
    /// (a trigram may come more than once).
    public static func forEachTrigram(of document: Document, _ body: (UInt32) -> Void) {
        var json: [UInt8] = []
        json.reserveCapacity(256)
        JSONWriter.write(document, into: &json)
        lowercase(&json)
        forEachTrigram(in: json, body)
    }

    /// The codes of the trigrams every payload containing `text` holds (deduplicated, in the
    /// order met); empty when it has none, and then no index can answer for it.
    public static func trigrams(ofNeedle text: String) -> [UInt32] {
        var codes: [UInt32] = []
        var run: [UInt8] = []
        for character in text.lowercased() {
            let scalars = character.unicodeScalars
            if scalars.count == 1, let scalar = scalars.first, scalar.isASCII, isIndexed(UInt8(scalar.value)) {
                run.append(UInt8(scalar.value))
                if run.count >= 3 {
                    let code = code(run[run.count - 3], run[run.count - 2], run[run.count - 1])
                    if !codes.contains(code) { codes.append(code) }
                }
            } else {
                run.removeAll(keepingCapacity: true)
            }
        }
        return codes
    }

    /// Calls `body` with every window of three indexed bytes in `bytes`.
    @inline(__always)
    static func forEachTrigram(in bytes: [UInt8], _ body: (UInt32) -> Void) {
        var run = 0
        for index in bytes.indices {
            guard isIndexed(bytes[index]) else {
                run = 0
                continue
            }
            run += 1
            if run >= 3 { body(code(bytes[index - 2], bytes[index - 1], bytes[index])) }
        }
    }

    /// Lowercases `utf8` as `String.lowercased()` does: in place when it is ASCII.
    static func lowercase(_ utf8: inout [UInt8]) {
        var ascii = true
        for index in utf8.indices {
            let byte = utf8[index]
            if byte >= 0x80 {
                ascii = false
                break
            }
            if byte >= UInt8(ascii: "A"), byte <= UInt8(ascii: "Z") { utf8[index] = byte | 0x20 }
        }
        if !ascii { utf8 = Array(String(decoding: utf8, as: UTF8.self).lowercased().utf8) }
    }
}

/// Takes the tokens of an encoded document as `DocumentCodec.skipDocument` steps over them,
/// and hands their trigrams on: an audit reads every payload's trigrams without decoding it.
public struct PayloadTrigrams<Body: TrigramSink>: DocumentTokenSink {
    public let body: Body
    private var token: [UInt8] = []

    public init(_ body: Body) {
        self.body = body
        token.reserveCapacity(64)
    }

    public mutating func string(_ utf8: ArraySlice<UInt8>) {
        token.removeAll(keepingCapacity: true)
        JSONWriter.writeString(String(decoding: utf8, as: UTF8.self), into: &token)
        emit()
    }

    public mutating func scalar(_ value: DocValue) {
        token.removeAll(keepingCapacity: true)
        JSONWriter.write(value, into: &token)
        emit()
    }

    private mutating func emit() {
        PayloadText.lowercase(&token)
        PayloadText.forEachTrigram(in: token) { body.trigram($0) }
    }
}

/// What receives the trigram codes `PayloadTrigrams` finds.
public protocol TrigramSink {
    func trigram(_ code: UInt32)
}

/// What `DocumentCodec.skipDocument(from:tokens:)` hands each key, string and other value to.
public protocol DocumentTokenSink {
    /// A key or a string value, as its UTF-8 (already checked).
    mutating func string(_ utf8: ArraySlice<UInt8>)
    /// Any value but a string, an array or a map (a decimal as the double it reads as).
    mutating func scalar(_ value: DocValue)
}

/// Takes no tokens: `skipDocument(from:)` as it was.
struct IgnoredTokens: DocumentTokenSink {
    func string(_ utf8: ArraySlice<UInt8>) {}
    func scalar(_ value: DocValue) {}
}
