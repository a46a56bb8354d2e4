import Foundation

/// The trigrams of a payload that a text search (`log --text`) can look up in an index.
///
/// A search matches an event when its payload's compact JSON, lowercased, contains the
/// lowercased text. A trigram here is three consecutive bytes of that JSON, each an *indexed*
/// character: printable ASCII other than what separates JSON's tokens (`"{}[]:,`), the escape
/// character (`\`), and the two (`;` and `` ` ``) that other characters equal under Unicode's
/// canonical equivalence, which `String` comparison follows; and at least one of the three is
/// not a character a JSON number is written with (digits, `.`, `-`, `+`, `e`). Since no indexed
/// character stands between two tokens, every trigram lies inside one key, string or literal
/// (never a number), so a payload's trigrams are taken token by token, numbers left out.
///
/// The promise the index keeps: when a payload matches a text, every trigram of the text
/// (`trigrams(ofNeedle:)`) is one of the payload's. A character of the text that is a single
/// indexed scalar equals only that same scalar, so the JSON holds those bytes in a row.
public enum PayloadText {
    /// Trigram codes are below this: three characters of 96.
    public static let codeCount = 96 * 96 * 96
    /// The text index's codes are below this: trigrams', then sources' (`SourceName.code`).
    public static let indexCodeCount = codeCount + SourceName.codeCount

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

    /// Whether a JSON number's text (as `JSONWriter` writes integers and finite doubles,
    /// lowercased) can hold the byte.
    @inline(__always)
    static func isNumberCharacter(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "-")
            || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "e")
    }

    /// The code of three indexed bytes in a row, or nil when all three could be a number's.
    @inline(__always)
    static func code(_ first: UInt8, _ second: UInt8, _ third: UInt8) -> UInt32? {
        guard !(isNumberCharacter(first) && isNumberCharacter(second) && isNumberCharacter(third)) else { return nil }
        return (UInt32(first) - 0x20) * 9_216 + (UInt32(second) - 0x20) * 96 + (UInt32(third) - 0x20)
    }

    /// The codes of the trigrams of `document` (some may come more than once).
    public static func trigrams(of document: Document) -> [UInt32] {
        var trigrams = PayloadTrigrams(rememberingTokens: false)
        trigrams.add(document)
        return trigrams.codes
    }

    /// The text index's codes of `event`: its payload's trigrams and its source's code.
    public static func codes(of event: Event) -> [UInt32] {
        var trigrams = PayloadTrigrams(rememberingTokens: false)
        trigrams.add(event)
        return trigrams.codes
    }

    /// Whether `document` holds every code of `needle` (`trigrams(ofNeedle:)` of a text): false
    /// only when its lowercased JSON cannot contain that text. Far cheaper than writing the JSON
    /// out to look, for a payload of thousands of numbers (an ECG, a route): numbers are
    /// stepped over, not formatted.
    public static func mayContain(_ document: Document, trigramsOf needle: [UInt32]) -> Bool {
        guard !needle.isEmpty else { return true }
        let codes = trigrams(of: document)
        return needle.allSatisfy(codes.contains)
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
                if run.count >= 3, let code = code(run[run.count - 3], run[run.count - 2], run[run.count - 1]), !codes.contains(code) {
                    codes.append(code)
                }
            } else {
                run.removeAll(keepingCapacity: true)
            }
        }
        return codes
    }
}

/// Gathers the text index's codes of events: their payloads' trigrams and their sources' codes,
/// of a decoded event (`add`), or of an encoded one as `EnvelopeCodec.header` steps over it.
/// Remembering tokens, it takes each token once: an audit builds a block's filter, to which a
/// token met twice adds nothing, from the block's payloads without decoding them. A concrete type, so the walk is
/// specialized here rather than called through a protocol's witnesses for every token.
public struct PayloadTrigrams: DocumentTokenSink {
    /// The codes of the trigrams since the last `removeAll` (some may come twice).
    public private(set) var codes: [UInt32] = []
    private var token: [UInt8] = []
    private var met: MetTokens?
    /// The last source met, by its UTF-8, and its code: events come from a few sources.
    private var lastSource: (utf8: [UInt8], code: UInt32)?

    public init(rememberingTokens: Bool = true) {
        codes.reserveCapacity(rememberingTokens ? 256 : 64)
        token.reserveCapacity(64)
        met = rememberingTokens ? MetTokens() : nil
    }

    public mutating func removeAll() { codes.removeAll(keepingCapacity: true) }

    /// Adds the codes of a decoded event: its payload's trigrams and its source's.
    public mutating func add(_ event: Event) {
        add(event.payload)
        source(ArraySlice(event.source.name.utf8))
    }

    /// Adds the trigrams of a decoded document's keys and values.
    public mutating func add(_ document: Document) {
        for field in document.fields {
            addString(field.name.utf8)
            add(field.value)
        }
    }

    private mutating func add(_ value: DocValue) {
        switch value {
        case .string(let text): addString(text.utf8)
        case .array(let items): for item in items { add(item) }
        case .map(let document): add(document)
        case .bytes(let data): bytes(data[...])
        default: scalar(value)
        }
    }

    public mutating func string(_ utf8: ArraySlice<UInt8>) { addString(utf8) }

    private mutating func addString(_ utf8: some Collection<UInt8>) {
        if met?.insert(MetTokens.hash(utf8)) == false { return }
        token.removeAll(keepingCapacity: true)
        if utf8.allSatisfy({ $0 < 0x80 }) {
            // ASCII, as most keys and values are: escaped and lowercased as the bytes are copied.
            for byte in utf8 {
                switch byte {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), 0..<0x20: JSONWriter.writeEscaped(byte, into: &token)
                case UInt8(ascii: "A")...UInt8(ascii: "Z"): token.append(byte | 0x20)
                default: token.append(byte)
                }
            }
        } else {
            JSONWriter.writeString(String(decoding: utf8, as: UTF8.self).lowercased(), into: &token)
        }
        emit()
    }

    public mutating func scalar(_ value: DocValue) {
        switch value {
        // A number's text holds no trigram (see `PayloadText.code`).
        case .int: return
        case .double(let number) where number.isFinite: return
        default: break
        }
        token.removeAll(keepingCapacity: true)
        JSONWriter.write(value, into: &token)
        emit()
    }

    /// Bytes, as JSON writes them: a base64 string.
    public mutating func bytes(_ data: ArraySlice<UInt8>) { addString(Array(Data(data).base64EncodedString().utf8)) }

    /// The source's code: once while remembering tokens and the source stays the same.
    public mutating func source(_ utf8: ArraySlice<UInt8>) {
        if let lastSource, lastSource.utf8.elementsEqual(utf8) {
            if met == nil { codes.append(lastSource.code) }
            return
        }
        let code = SourceName.code(utf8: utf8)
        lastSource = (Array(utf8), code)
        codes.append(code)
    }

    private mutating func emit() {
        var run = 0
        for index in token.indices {
            guard PayloadText.isIndexed(token[index]) else {
                run = 0
                continue
            }
            run += 1
            if run >= 3, let code = PayloadText.code(token[index - 2], token[index - 1], token[index]) { codes.append(code) }
        }
    }
}

/// What `DocumentCodec.skipDocument(from:tokens:)` hands each key, string and other value to,
/// and `EnvelopeCodec.header` the event's source name.
public protocol DocumentTokenSink {
    /// The name of the event's source, as its UTF-8 (already checked).
    mutating func source(_ utf8: ArraySlice<UInt8>)
    /// A key or a string value, as its UTF-8 (already checked).
    mutating func string(_ utf8: ArraySlice<UInt8>)
    /// Any value but a string, bytes, an array or a map (a decimal as the double it reads as).
    mutating func scalar(_ value: DocValue)
    /// A bytes value, in place.
    mutating func bytes(_ data: ArraySlice<UInt8>)
}

/// Takes no tokens: `skipDocument(from:)` as it was.
struct IgnoredTokens: DocumentTokenSink {
    func source(_ utf8: ArraySlice<UInt8>) {}
    func string(_ utf8: ArraySlice<UInt8>) {}
    func scalar(_ value: DocValue) {}
    func bytes(_ data: ArraySlice<UInt8>) {}
}

/// The tokens a `PayloadTrigrams` has met, by a 64-bit hash of their bytes: two tokens of one
/// block share one by a chance of about 2^-40. When it fills it starts again, which only
/// costs tokens being taken again.
struct MetTokens {
    private static let slots = 8_192
    private var hashes = [UInt64](repeating: 0, count: slots)
    private var count = 0

    /// Whether `hash` is new (and now met).
    mutating func insert(_ hash: UInt64) -> Bool {
        let hash = hash | 1
        if count >= Self.slots / 2 {
            for index in hashes.indices { hashes[index] = 0 }
            count = 0
        }
        var slot = Int(truncatingIfNeeded: hash >> 3) & (Self.slots - 1)
        while hashes[slot] != 0 {
            if hashes[slot] == hash { return false }
            slot = (slot + 1) & (Self.slots - 1)
        }
        hashes[slot] = hash
        count += 1
        return true
    }

    /// FNV-1a over a string token's bytes.
    static func hash(_ bytes: some Collection<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return hash
    }
}
