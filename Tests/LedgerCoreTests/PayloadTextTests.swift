import Foundation
import PropertyBased
import Testing
@testable import LedgerCore

/// The text index keeps a payload's grams (one to three characters in a row); a search skips a
/// payload that lacks one of its text's. Both hold only if the grams taken from a payload,
/// decoded or encoded, are the windows of its lowercased JSON, and every text a payload
/// contains has only grams it holds.
@Suite("Payload text")
struct PayloadTextTests {
    /// Strings with what trips text matching: case, accents composed and not, characters
    /// that equal ASCII ones (Kelvin sign, Greek question mark), ones that lowercase to
    /// longer text (İ), escapes and control characters, the JSON separators.
    static let words = [
        "Headache", "HEADACHE after run", "Caf\u{E9} au lait", "Cafe\u{301} au lait", "20 \u{212A}", "why\u{37E} not", "\u{130}stanbul",
        "Stra\u{DF}e", "tab\there", "line\nbreak", "quote \"x\" and \\ back", "bell\u{7}rang", "a, b: {c} [d]", "semi;colon `tick`",
        "🙂 ok", "migraine", "count/min", "HKQuantityTypeIdentifierHeartRate", "",
        // Outside ASCII: whole words, a mark at a string's start, stacked marks in either
        // order, signs that decompose to letters, final sigma, flags, Hangul syllables.
        "Головная БОЛЬ", "頭痛がする", "\u{301}leading", "e\u{323}\u{301} e\u{301}\u{323}", "\u{212B}ngstr\u{F6}m \u{C5}", "ΣΊΣΥΦΟΣ",
        "🇩🇪🇫🇷", "\u{1100}\u{1161} \u{AC00}",
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
        case 2 where seed & 0x70 == 0: .double(seed & 0x80 == 0 ? -.infinity : .nan)
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

    /// The reference: every window of one, two or three gram bytes of the lowercased JSON's
    /// canonical decomposition, but those that could lie in a number (and single bytes
    /// outside ASCII, which are part of a character).
    static func windows(_ document: Document) -> Set<UInt32> {
        let json = Array(JSONWriter.string(document).lowercased().decomposedStringWithCanonicalMapping.utf8)
        var found: Set<UInt32> = []
        for index in json.indices where PayloadText.isGramByte(json[index]) {
            if json[index] < 0x80, let code = PayloadText.code(json[index]) { found.insert(code) }
            guard index >= 1, PayloadText.isGramByte(json[index - 1]) else { continue }
            if let code = PayloadText.gramCode(json[index - 1], json[index]) { found.insert(code) }
            guard index >= 2, PayloadText.isGramByte(json[index - 2]) else { continue }
            if let code = PayloadText.gramCode(json[index - 2], json[index - 1], json[index]) { found.insert(code) }
        }
        return found
    }

    static func decodedGrams(_ document: Document) -> Set<UInt32> { Set(PayloadText.codes(of: document)) }

    @Test("the grams of a payload, decoded or stepped over encoded, are its lowercased JSON's windows")
    func gramsAreTheWindowsOfTheLowercasedJSON() async {
        await propertyCheck(count: 600, input: Self.documents) { seeds in
            let document = Self.document(seeds)
            let expected = Self.windows(document)
            #expect(Self.decodedGrams(document) == expected)
            var reader = BinaryReader(DocumentCodec.encode(document))
            var tokens = PayloadGrams()
            #expect(throws: Never.self) { try DocumentCodec.skipDocument(from: &reader, tokens: &tokens) }
            #expect(Set(tokens.codes) == expected)
            // Each pair and single character of ASCII comes once.
            for codes in [tokens.codes, PayloadText.codes(of: document)] {
                let short = codes.filter { (PayloadText.trigramCodeCount..<PayloadText.wideCodeBase).contains(Int($0)) }
                #expect(Set(short).count == short.count)
            }
        }
    }

    @Test("a text of digits, `.`, `-` and `+` a payload contains, as `log --text` matches, is a run of its JSON's bytes")
    func aLiteralTextIsARunOfTheJSONsBytes() async {
        let literalCharacters = Array("0123456789.-+")
        let needle = Gen.int(in: 0...(literalCharacters.count - 1)).array(of: 1...5).map { String($0.map { literalCharacters[$0] }) }
        await propertyCheck(count: 1_000, input: Self.documents, Gen.int(in: 0...400), Gen.int(in: 1...8), needle) { seeds, start, length, random in
            var document = Self.document(seeds)
            // Digits in other forms, and a digit with a mark on it.
            document.appendNew("other digits", .string("x\u{B2} \u{BD} \u{2460} \u{663} \u{FF12} 3\u{301}4 5\u{FE0F}\u{20E3}"))
            let json = JSONWriter.string(document)
            // A cut of the JSON's own runs of those characters, and a text made up.
            let bytes = Array(json.utf8)
            let first = min(start, bytes.count)
            let cut = String(decoding: bytes[first...].prefix(length).prefix { literalCharacters.contains(Character(UnicodeScalar($0))) }, as: UTF8.self)
            for text in [cut, random, "3", "4", "34", "2", "12"] where !text.isEmpty {
                let literal = PayloadText.literalBytes(ofNeedle: text)
                #expect(literal == Array(text.utf8))
                guard let literal, json.lowercased().contains(text) else { continue }
                #expect(PayloadText.jsonMayContain(document, literal: literal), "\(text) in \(json)")
            }
        }
    }

    @Test func aTextWithAnyOtherCharacterIsNotLiteral() {
        for text in ["", "1e5", "12 3", "abc", "1,5", "\u{FF11}", "\u{663}", "3\u{301}", "42%"] {
            #expect(PayloadText.literalBytes(ofNeedle: text) == nil, "\(text)")
        }
        #expect(PayloadText.literalBytes(ofNeedle: "-12.5+") == Array("-12.5+".utf8))
    }

    @Test("every gram of a text a payload contains, as `log --text` matches, is one of the payload's")
    func aContainedTextHasOnlyThePayloadsGrams() async {
        let cut = Gen.int(in: 0...400)
        await propertyCheck(count: 1_000, input: Self.documents, cut, cut, Gen.int(in: 0...7)) { seeds, start, length, form in
            let document = Self.document(seeds)
            let json = JSONWriter.string(document)
            // Cut by characters or by scalars (a lone mark, half a flag), in either case,
            // composed or decomposed.
            var needle: String
            if form & 4 == 0 {
                let characters = Array(json)
                let first = min(start, characters.count), last = min(characters.count, first + length % 24)
                needle = String(characters[first..<last])
            } else {
                let scalars = Array(json.unicodeScalars)
                let first = min(start, scalars.count), last = min(scalars.count, first + length % 24)
                needle = String(String.UnicodeScalarView(scalars[first..<last]))
            }
            if form & 1 == 1 { needle = needle.uppercased() }
            if form & 2 == 2 { needle = needle.precomposedStringWithCanonicalMapping }
            let text = needle.lowercased()
            guard json.lowercased().contains(text) else { return }
            #expect(Set(PayloadText.codes(ofNeedle: text)).isSubset(of: Self.decodedGrams(document)), "\(needle) in \(json)")
            #expect(PayloadText.mayContain(document, codesOf: PayloadText.codes(ofNeedle: text)), "\(needle) in \(json)")
        }
    }

    /// Takes every token, numbers too: stepping as before numbers could be stepped over unread.
    struct EveryToken: DocumentTokenSink {
        static var takesFiniteNumbers: Bool { true }
        var numbers = 0
        mutating func source(_ utf8: ArraySlice<UInt8>) {}
        mutating func string(_ utf8: ArraySlice<UInt8>) {}
        mutating func scalar(_ value: DocValue) { numbers += 1 }
        mutating func bytes(_ data: ArraySlice<UInt8>) {}
    }

    static func stepped(_ bytes: [UInt8], _ tokens: inout some DocumentTokenSink) -> Result<Int, DecodingError> {
        var reader = BinaryReader(bytes)
        do throws(DecodingError) {
            try DocumentCodec.skipDocument(from: &reader, tokens: &tokens)
            return .success(reader.offset)
        } catch {
            return .failure(error)
        }
    }

    @Test("numbers stepped over unread are refused, damaged or cut short, as reading them refuses them")
    func numbersSteppedOverAreCheckedAsReadingThemChecks() async {
        await propertyCheck(count: 1_000, input: Self.documents, Gen.int(in: 0...4_000), Gen.uint8(), Gen.bool) { seeds, place, byte, cut in
            // An ECG's numbers first, which the steps skip in a row.
            let voltages: [DocValue] = (0..<40).map { (index: Int) -> DocValue in
                index % 3 == 0 ? DocValue.int(Int64(index) << Int64(index % 60)) : DocValue.double(index == 20 ? .infinity : Double(index) / 8 + 1e-9)
            }
            var document: Document = ["voltages": .array(voltages)]
            for field in Self.document(seeds).fields { document.appendNew(field.name, field.value) }
            var bytes = DocumentCodec.encode(document)
            let index = place % max(bytes.count, 1)
            if cut { bytes.removeLast(bytes.count - index) } else if !bytes.isEmpty { bytes[index] = byte }
            var every = EveryToken()
            var grams = PayloadGrams()
            #expect(Self.stepped(bytes, &grams) == Self.stepped(bytes, &every), "\(bytes)")
        }
        // A varint of eleven bytes, where a number is read, alone or in an array.
        let varint = [DocumentCodec.Tag.int.rawValue] + [UInt8](repeating: 0xFF, count: 10) + [1]
        let field = [1, 4] + Array("rate".utf8)
        for tooLong in [field + varint, field + [DocumentCodec.Tag.array.rawValue, 2, DocumentCodec.Tag.int.rawValue, 2] + varint] {
            var every = EveryToken()
            var grams = PayloadGrams()
            #expect(Self.stepped(tooLong, &grams) == Self.stepped(tooLong, &every))
            #expect((try? Self.stepped(tooLong, &grams).get()) == nil)
        }
    }

    @Test("a number that is not finite, among many that are, is written as text and stepped over as such")
    func aNumberThatIsNotFiniteKeepsItsGrams() {
        for odd in [Double.nan, .infinity, -.infinity] {
            let document: Document = ["v": .array([.double(1.5e-9), .double(odd), .int(3)])]
            var reader = BinaryReader(DocumentCodec.encode(document))
            var tokens = PayloadGrams()
            #expect(throws: Never.self) { try DocumentCodec.skipDocument(from: &reader, tokens: &tokens) }
            #expect(Set(tokens.codes) == Self.windows(document) && Set(tokens.codes) != Self.windows(["v": .array([])]), "\(odd)")
        }
    }

    @Test("a payload lacking a gram of the text is known not to contain it")
    func aPayloadLackingAGramCannotContainTheText() {
        let ecg: Document = ["voltages": .array((0..<2_000).map { .double(Double($0) / 7) }), "note": .string("After a RUN")]
        #expect(PayloadText.mayContain(ecg, codesOf: PayloadText.codes(ofNeedle: "run")))
        #expect(!PayloadText.mayContain(ecg, codesOf: PayloadText.codes(ofNeedle: "walk")))
        #expect(!PayloadText.mayContain(ecg, codesOf: PayloadText.codes(ofNeedle: "a runner")))
        #expect(PayloadText.mayContain(ecg, codesOf: PayloadText.codes(ofNeedle: "Ru")))
        #expect(!PayloadText.mayContain(ecg, codesOf: PayloadText.codes(ofNeedle: "wa")))
        #expect(!PayloadText.mayContain(ecg, codesOf: PayloadText.codes(ofNeedle: "%")))
        // Digits alone have no gram: only the JSON can say.
        #expect(PayloadText.mayContain(ecg, codesOf: PayloadText.codes(ofNeedle: "0.14")))
    }

    @Test("texts equal under canonical equivalence, or digits alone, have no gram that could skip a match")
    func textsThatMatchOtherSpellingsLeaveThoseCharactersOut() {
        let payload: Document = ["note": .string("Cafe\u{301} why\u{37E} 20 \u{212A}")]
        for text in ["caf\u{E9}", "why;", "20 k", "20 \u{212A}", "\u{212A}"] {
            let contained = JSONWriter.string(payload).lowercased().contains(text)
            #expect(Set(PayloadText.codes(ofNeedle: text)).isSubset(of: Self.decodedGrams(payload)), "\(text) \(contained)")
        }
        // A run of one or two indexed characters is looked up as it is; digits alone could be
        // a number's, which holds no gram: looked for everywhere.
        #expect(PayloadText.codes(ofNeedle: "ab") == [PayloadText.code(UInt8(ascii: "a"), UInt8(ascii: "b"))!])
        #expect(PayloadText.codes(ofNeedle: "a,b").count == 2)
        // Outside ASCII, a text is looked up by its canonical decomposition's bytes, however typed.
        #expect(!PayloadText.codes(ofNeedle: "\u{E9}").isEmpty && PayloadText.codes(ofNeedle: "\u{E9}") == PayloadText.codes(ofNeedle: "E\u{301}"))
        #expect(!PayloadText.codes(ofNeedle: "頭").isEmpty && PayloadText.codes(ofNeedle: "БОЛЬ") == PayloadText.codes(ofNeedle: "боль"))
        #expect(PayloadText.codes(ofNeedle: "72.5").isEmpty && PayloadText.codes(ofNeedle: "1e-05").isEmpty)
        #expect(PayloadText.codes(ofNeedle: "400mg").count == 2)
        #expect(PayloadText.codes(ofNeedle: "Headache") == PayloadText.codes(ofNeedle: "headache"))
    }
}
