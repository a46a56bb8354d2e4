import Foundation

/// The grams of a payload that a text search (`log --text`) can look up in an index.
///
/// A search matches an event when its payload's compact JSON, lowercased, contains the
/// lowercased text, as Foundation compares text: under canonical equivalence, so the text's
/// canonical decomposition (NFD) is then a run of bytes of the JSON's. A gram here is one, two
/// or three consecutive bytes of the JSON's decomposition, each an *indexed* byte: printable
/// ASCII other than what separates JSON's tokens (`"{}[]:,`), the escape character (`\`), and
/// the two (`;` and `` ` ``) that other characters decompose to; or a byte of a character
/// outside ASCII. At least one of the bytes is not a character a JSON number is written with
/// (digits, `.`, `-`, `+`, `e`). Since no indexed byte stands between two tokens, every gram
/// lies inside one key, string or literal (never a number), so a payload's grams are taken
/// token by token, numbers left out.
///
/// The promise the index keeps: when a payload matches a text, every gram of the text
/// (`codes(ofNeedle:)`) is one of the payload's. A text's run of three or more indexed bytes
/// is looked up by its trigrams, a shorter run by the pair or the single character it is: so
/// `log --text hr` reads only what may hold "hr", and `log --text головная` or `--text 頭痛`
/// only what may hold those letters.
public enum PayloadText {
    /// Trigram codes come first: three characters of 96.
    static let trigramCodeCount = 96 * 96 * 96
    /// Then the codes of two characters in a row, then of one.
    static let pairCodeCount = 96 * 96
    /// Then the codes of grams of two or three bytes holding one outside ASCII, hashed into
    /// this many places: such a gram's bytes have far more values than fit one code each.
    static let wideCodeCount = 1 << 18
    static let wideCodeBase = trigramCodeCount + pairCodeCount + 96
    /// The codes of grams are below this.
    public static let codeCount = wideCodeBase + wideCodeCount
    /// The text index's codes are below this: grams', then sources' (`SourceName.code`).
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

    /// Whether `byte` may be part of a gram: indexed ASCII, or a byte of a character outside ASCII.
    @inline(__always)
    static func isGramByte(_ byte: UInt8) -> Bool { byte >= 0x80 || isIndexed(byte) }

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

    /// The code of two indexed bytes in a row, or nil when both could be a number's.
    @inline(__always)
    static func code(_ first: UInt8, _ second: UInt8) -> UInt32? {
        guard !(isNumberCharacter(first) && isNumberCharacter(second)) else { return nil }
        return UInt32(trigramCodeCount) + (UInt32(first) - 0x20) * 96 + (UInt32(second) - 0x20)
    }

    /// The code of two gram bytes in a row, at least one outside ASCII (`wideCode`).
    @inline(__always)
    static func wideCode(_ first: UInt8, _ second: UInt8) -> UInt32 { wideCode(packed: 2 << 24 | UInt32(first) << 8 | UInt32(second)) }

    /// The code of three gram bytes in a row, at least one outside ASCII.
    @inline(__always)
    static func wideCode(_ first: UInt8, _ second: UInt8, _ third: UInt8) -> UInt32 {
        wideCode(packed: 3 << 24 | UInt32(first) << 16 | UInt32(second) << 8 | UInt32(third))
    }

    /// The bytes and their count, packed, hashed into `wideCodeCount` places (Fibonacci hashing).
    @inline(__always)
    private static func wideCode(packed: UInt32) -> UInt32 {
        UInt32(wideCodeBase) + UInt32(truncatingIfNeeded: (UInt64(packed) &* 0x9E37_79B9_7F4A_7C15) >> (64 - 18))
    }

    /// The code of two gram bytes in a row, or nil when both could be a number's.
    @inline(__always)
    static func gramCode(_ first: UInt8, _ second: UInt8) -> UInt32? {
        (first | second) < 0x80 ? code(first, second) : wideCode(first, second)
    }

    /// The code of three gram bytes in a row, or nil when all three could be a number's.
    @inline(__always)
    static func gramCode(_ first: UInt8, _ second: UInt8, _ third: UInt8) -> UInt32? {
        (first | second | third) < 0x80 ? code(first, second, third) : wideCode(first, second, third)
    }

    /// The code of one indexed byte, or nil when it could be a number's.
    @inline(__always)
    static func code(_ single: UInt8) -> UInt32? {
        guard !isNumberCharacter(single) else { return nil }
        return UInt32(trigramCodeCount + pairCodeCount) + (UInt32(single) - 0x20)
    }

    /// The codes of the grams of `document` (some may come more than once).
    public static func codes(of document: Document) -> [UInt32] {
        var grams = PayloadGrams(rememberingTokens: false)
        grams.add(document)
        return grams.codes
    }

    /// The text index's codes of `event`: its payload's grams and its source's code.
    public static func codes(of event: Event) -> [UInt32] {
        var grams = PayloadGrams(rememberingTokens: false)
        grams.add(event)
        return grams.codes
    }

    /// Whether `document` holds every code of `needle` (`codes(ofNeedle:)` of a text): false
    /// only when its lowercased JSON cannot contain that text. Far cheaper than writing the JSON
    /// out to look, for a payload of thousands of numbers (an ECG, a route): numbers are
    /// stepped over, not formatted.
    public static func mayContain(_ document: Document, codesOf needle: [UInt32]) -> Bool {
        guard !needle.isEmpty else { return true }
        let codes = codes(of: document)
        return needle.allSatisfy(codes.contains)
    }

    /// The bytes of `text` when it is made only of digits, `.`, `-` and `+`, else nil. No other
    /// character lowercases to one of those, decomposes to one, or is canonically equivalent to
    /// one, so a payload whose lowercased JSON contains such a text, as Foundation compares
    /// text, holds these bytes in a row in its JSON as written (`jsonMayContain`): a test that
    /// needs neither a string nor Foundation's search, for a text no index can narrow.
    public static func literalBytes(ofNeedle text: String) -> [UInt8]? {
        let bytes = Array(text.utf8)
        let literal = bytes.allSatisfy { isNumberCharacter($0) && $0 != UInt8(ascii: "e") }
        return literal && !bytes.isEmpty ? bytes : nil
    }

    /// Whether the JSON of `document` holds `literal` (`literalBytes(ofNeedle:)`) as a run of
    /// bytes: false only when its lowercased JSON cannot contain that text.
    public static func jsonMayContain(_ document: Document, literal: [UInt8]) -> Bool {
        var json: [UInt8] = []
        json.reserveCapacity(512)
        JSONWriter.write(document, into: &json)
        guard let first = literal.first, json.count >= literal.count else { return false }
        return json.withUnsafeBufferPointer { haystack in
            literal.withUnsafeBufferPointer { needle in
                for start in 0...(haystack.count - needle.count) where haystack[start] == first {
                    if (1..<needle.count).allSatisfy({ haystack[start + $0] == needle[$0] }) { return true }
                }
                return false
            }
        }
    }

    /// The codes of the grams every payload containing `text` holds (deduplicated, in the
    /// order met): the trigrams of each run of three or more gram bytes of its lowercased
    /// decomposition, the pair or single character a shorter run is. Empty when it has none
    /// (digits alone, say), and then no index can answer for it.
    public static func codes(ofNeedle text: String) -> [UInt32] {
        let bytes = Array(text.lowercased().decomposedStringWithCanonicalMapping.utf8)
        var codes: [UInt32] = []
        func add(_ code: UInt32?) {
            if let code, !codes.contains(code) { codes.append(code) }
        }
        var start = 0
        while start < bytes.count {
            guard isGramByte(bytes[start]) else {
                start += 1
                continue
            }
            var end = start + 1
            while end < bytes.count, isGramByte(bytes[end]) { end += 1 }
            switch end - start {
            // A byte outside ASCII is never alone: UTF-8 writes such a character in two to four.
            case 1: add(bytes[start] < 0x80 ? code(bytes[start]) : nil)
            case 2: add(gramCode(bytes[start], bytes[start + 1]))
            default: for last in (start + 2)..<end { add(gramCode(bytes[last - 2], bytes[last - 1], bytes[last])) }
            }
            start = end
        }
        return codes
    }
}

/// Gathers the text index's codes of events: their payloads' grams and their sources' codes,
/// of a decoded event (`add`), or of an encoded one as `EnvelopeCodec.header` steps over it.
/// Remembering tokens, it takes each token, pair and single character once: an audit builds a
/// block's filter, to which a code met twice adds nothing, from the block's payloads without
/// decoding them. A concrete type, so the walk is specialized here rather than called through
/// a protocol's witnesses for every token.
public struct PayloadGrams: DocumentTokenSink {
    /// The codes of the grams since the last `removeAll` (some may come twice).
    public private(set) var codes: [UInt32] = []
    private var token: [UInt8] = []
    private var met: MetTokens?
    /// The pairs and single characters of ASCII met, a bit for each of their codes: tokens,
    /// and an event's own, share most of them.
    private var metShortGrams: [UInt64]
    /// The last source met, by its UTF-8, and its code: events come from a few sources.
    private var lastSource: (utf8: [UInt8], code: UInt32)?

    public init(rememberingTokens: Bool = true) {
        codes.reserveCapacity(rememberingTokens ? 256 : 64)
        token.reserveCapacity(64)
        met = rememberingTokens ? MetTokens() : nil
        metShortGrams = [UInt64](repeating: 0, count: (PayloadText.wideCodeBase - PayloadText.trigramCodeCount + 63) / 64)
    }

    public mutating func removeAll() { codes.removeAll(keepingCapacity: true) }

    /// Adds the codes of a decoded event: its payload's grams and its source's.
    public mutating func add(_ event: Event) {
        add(event.payload)
        source(ArraySlice(event.source.name.utf8))
    }

    /// Adds the grams of a decoded document's keys and values.
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
        } else if utf8.count <= Self.longestFoldingKept {
            token.append(contentsOf: Self.foldings.value(Array(utf8), Self.folded))
        } else {
            token.append(contentsOf: Self.folded(Array(utf8)))
        }
        emit()
    }

    /// A string outside ASCII as its grams are taken: lowercased, decomposed (as the search's
    /// comparison is canonical), written as JSON writes it.
    private static func folded(_ utf8: [UInt8]) -> [UInt8] {
        var json: [UInt8] = []
        JSONWriter.writeString(String(decoding: utf8, as: UTF8.self).lowercased().decomposedStringWithCanonicalMapping, into: &json)
        return json
    }

    /// Device and source strings outside ASCII ("Anna’s Apple Watch") come with most of an
    /// import's samples; longer strings are rarely met twice, and would make the memo large.
    private static let longestFoldingKept = 128
    private static let foldings = BoundedMemo<[UInt8], [UInt8]>(limit: 4_096)

    /// A number's text holds no gram.
    public static var takesFiniteNumbers: Bool { false }

    public mutating func scalar(_ value: DocValue) {
        switch value {
        // A number's text holds no gram (see `PayloadText.code`).
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
            let byte = token[index]
            guard PayloadText.isGramByte(byte) else {
                run = 0
                continue
            }
            run += 1
            if byte < 0x80 { emitShort(PayloadText.code(byte)) }
            if run >= 2 {
                let previous = token[index - 1]
                if (previous | byte) < 0x80 {
                    emitShort(PayloadText.code(previous, byte))
                } else {
                    codes.append(PayloadText.wideCode(previous, byte))
                }
            }
            if run >= 3, let code = PayloadText.gramCode(token[index - 2], token[index - 1], byte) { codes.append(code) }
        }
    }

    @inline(__always)
    private mutating func emitShort(_ code: UInt32?) {
        guard let code else { return }
        let place = Int(code) - PayloadText.trigramCodeCount
        let bit: UInt64 = 1 << UInt64(place & 63)
        guard metShortGrams[place >> 6] & bit == 0 else { return }
        metShortGrams[place >> 6] |= bit
        codes.append(code)
    }
}

/// What `DocumentCodec.skipDocument(from:tokens:)` hands each key, string and other value to,
/// and `EnvelopeCodec.header` the event's source name.
public protocol DocumentTokenSink {
    /// Whether `scalar` wants finite numbers; if not, a run of them in an array (an ECG's) is
    /// stepped over without being read.
    static var takesFiniteNumbers: Bool { get }
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
    static var takesFiniteNumbers: Bool { false }
    func source(_ utf8: ArraySlice<UInt8>) {}
    func string(_ utf8: ArraySlice<UInt8>) {}
    func scalar(_ value: DocValue) {}
    func bytes(_ data: ArraySlice<UInt8>) {}
}

/// The tokens a `PayloadGrams` has met, by a 64-bit hash of their bytes: two tokens of one
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
