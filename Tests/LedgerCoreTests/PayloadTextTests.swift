import PropertyBased
import Testing
@testable import LedgerCore

/// The text index keeps a payload's trigrams; a search skips a payload that lacks one of its
/// text's. Both hold only if the trigrams taken from a payload, decoded or encoded, are the
/// windows of its lowercased JSON, and every text a payload contains has only trigrams it holds.
@Suite("Payload text")
struct PayloadTextTests {
    /// Strings with what trips text matching: case, accents composed and not, characters
    /// that equal ASCII ones (Kelvin sign, Greek question mark), ones that lowercase to
    /// longer text (İ), escapes and control characters, the JSON separators.
    static let words = [
        "Headache", "HEADACHE after run", "Caf\u{E9} au lait", "Cafe\u{301} au lait", "20 \u{212A}", "why\u{37E} not", "\u{130}stanbul",
        "Stra\u{DF}e", "tab\there", "line\nbreak", "quote \"x\" and \\ back", "bell\u{7}rang", "a, b: {c} [d]", "semi;colon `tick`",
        "🙂 ok", "migraine", "count/min", "HKQuantityTypeIdentifierHeartRate", "",
    ]

    static func document(_ seeds: [UInt64], depth: Int = 0) -> Document {
        var document = Document()
        for (index, seed) in seeds.enumerated() {
            document.appendNew(words[Int(seed >> 8) % words.count], value(seed, rest: Array(seeds[(index + 1)...].prefix(3)), depth: depth))
        }
        return document
    }

    static func value(_ seed: UInt64, rest: [UInt64], depth: Int) -> DocValue {
        switch seed % 9 {
        case 0: .int(Int64(bitPattern: seed) >> Int(seed % 60))
        case 1: .double(Double(seed % 100_000) / 100)
        case 2: .double(Double(bitPattern: seed | 0x3000_0000_0000_0000))
        case 3 where depth < 2: .map(document(rest, depth: depth + 1))
        case 4 where depth < 2: .array(rest.map { value($0, rest: [], depth: depth + 1) })
        case 5: .bytes(Array(words[Int(seed >> 4) % words.count].utf8))
        case 6: .bool(seed & 16 == 0)
        case 7: .null
        default: .string(words[Int(seed >> 4) % words.count])
        }
    }

    static let documents = Gen.uint64().array(of: 0...10)

    /// The reference: every window of three indexed bytes of the lowercased JSON, but those
    /// that could lie in a number.
    static func windows(_ document: Document) -> Set<UInt32> {
        let json = Array(JSONWriter.string(document).lowercased().utf8)
        var found: Set<UInt32> = []
        for index in json.indices.dropFirst(2) where json[(index - 2)...index].allSatisfy(PayloadText.isIndexed) {
            if let code = PayloadText.code(json[index - 2], json[index - 1], json[index]) { found.insert(code) }
        }
        return found
    }

    static func decodedTrigrams(_ document: Document) -> Set<UInt32> { Set(PayloadText.trigrams(of: document)) }

    @Test("the trigrams of a payload, decoded or stepped over encoded, are its lowercased JSON's windows")
    func trigramsAreTheWindowsOfTheLowercasedJSON() async {
        await propertyCheck(count: 600, input: Self.documents) { seeds in
            let document = Self.document(seeds)
            let expected = Self.windows(document)
            #expect(Self.decodedTrigrams(document) == expected)
            var reader = BinaryReader(DocumentCodec.encode(document))
            var tokens = PayloadTrigrams()
            #expect(throws: Never.self) { try DocumentCodec.skipDocument(from: &reader, tokens: &tokens) }
            #expect(Set(tokens.codes) == expected)
        }
    }

    @Test("every trigram of a text a payload contains, as `log --text` matches, is one of the payload's")
    func aContainedTextHasOnlyThePayloadsTrigrams() async {
        let cut = Gen.int(in: 0...400)
        await propertyCheck(count: 800, input: Self.documents, cut, cut, Gen.bool) { seeds, start, length, upper in
            let document = Self.document(seeds)
            let json = JSONWriter.string(document)
            let characters = Array(json)
            let first = min(start, characters.count), last = min(characters.count, first + length % 24)
            var needle = String(characters[first..<last])
            if upper { needle = needle.uppercased() }
            let text = needle.lowercased()
            guard json.lowercased().contains(text) else { return }
            #expect(Set(PayloadText.trigrams(ofNeedle: text)).isSubset(of: Self.decodedTrigrams(document)), "\(needle) in \(json)")
            #expect(PayloadText.mayContain(document, trigramsOf: PayloadText.trigrams(ofNeedle: text)), "\(needle) in \(json)")
        }
    }

    @Test("a payload lacking a trigram of the text is known not to contain it")
    func aPayloadLackingATrigramCannotContainTheText() {
        let ecg: Document = ["voltages": .array((0..<2_000).map { .double(Double($0) / 7) }), "note": .string("After a RUN")]
        #expect(PayloadText.mayContain(ecg, trigramsOf: PayloadText.trigrams(ofNeedle: "run")))
        #expect(!PayloadText.mayContain(ecg, trigramsOf: PayloadText.trigrams(ofNeedle: "walk")))
        #expect(!PayloadText.mayContain(ecg, trigramsOf: PayloadText.trigrams(ofNeedle: "a runner")))
        // Digits alone have no trigram: only the JSON can say.
        #expect(PayloadText.mayContain(ecg, trigramsOf: PayloadText.trigrams(ofNeedle: "0.14")))
    }

    @Test("texts equal under canonical equivalence, or too short, have no trigram that could skip a match")
    func textsThatMatchOtherSpellingsLeaveThoseCharactersOut() {
        let payload: Document = ["note": .string("Cafe\u{301} why\u{37E} 20 \u{212A}")]
        for text in ["caf\u{E9}", "why;", "20 k", "ab"] {
            let contained = JSONWriter.string(payload).lowercased().contains(text)
            #expect(Set(PayloadText.trigrams(ofNeedle: text)).isSubset(of: Self.decodedTrigrams(payload)), "\(text) \(contained)")
        }
        #expect(PayloadText.trigrams(ofNeedle: "ab").isEmpty)
        // Digits alone could be a number's, which holds no trigram: looked for everywhere.
        #expect(PayloadText.trigrams(ofNeedle: "72.5").isEmpty && PayloadText.trigrams(ofNeedle: "1e-05").isEmpty)
        #expect(PayloadText.trigrams(ofNeedle: "400mg").count == 2)
        #expect(PayloadText.trigrams(ofNeedle: "Headache") == PayloadText.trigrams(ofNeedle: "headache"))
    }
}
