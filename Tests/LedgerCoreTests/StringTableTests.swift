import PropertyBased
import Testing
@testable import LedgerCore

/// A whole-log read decodes through a `StringTable`, which hands back a string it made
/// before when the bytes are the same: what it decodes, and what it refuses, must be what
/// a decode without one gives.
@Suite("String tables")
struct StringTableTests {
    /// Long strings a log repeats, one differing from another only in its middle, one
    /// spelled two ways Swift compares equal, and short ones, which are never kept.
    static let repeated = [
        "HKQuantityTypeIdentifierActiveEnergyBurned", "HKQuantityTypeIdentifierBasalEnergyBurned",
        "HKQuantityTypeIdentifierHeartRate", "HKMetadataKeySyncIdentifier", "Anna’s Apple Watch",
        "Caf\u{E9} au lait, large cup", "Cafe\u{301} au lait, large cup", "count/min", "kcal", "",
        String(repeating: "x", count: StringTable.longestKept), String(repeating: "y", count: StringTable.longestKept + 1),
    ]

    /// A document drawn from `seeds`: strings from `repeated` most of the time, else new
    /// ones; nested maps and arrays. (Bytes that are not UTF-8 come from damaging records.)
    static func document(_ seeds: [UInt64], depth: Int = 0) -> Document {
        var document = Document()
        for (index, seed) in seeds.enumerated() {
            document.appendNew(string(seed >> 8), value(seed, rest: Array(seeds[(index + 1)...].prefix(3)), depth: depth))
        }
        return document
    }

    static func string(_ seed: UInt64) -> String {
        if seed % 4 != 0 { return repeated[Int(seed >> 2) % repeated.count] }
        return "sample \(seed >> 2) of a walk in the park"
    }

    static func value(_ seed: UInt64, rest: [UInt64], depth: Int) -> DocValue {
        switch seed % 6 {
        case 0: .int(Int64(bitPattern: seed))
        case 1: .double(Double(seed % 10_000) / 10)
        case 2 where depth < 2: .map(document(rest, depth: depth + 1))
        case 3 where depth < 2: .array(rest.map { value($0, rest: [], depth: depth + 1) })
        case 4: .bytes(Array(string(seed >> 3).utf8))
        default: .string(string(seed >> 3))
        }
    }

    static let documents = Gen.uint64().array(of: 0...12).array(of: 1...8)

    @Test("documents decoded through one table, small or large, equal their plain decode")
    func documentsDecodedThroughATableEqualPlainDecoding() async {
        await propertyCheck(count: 400, input: Self.documents, Gen.int(in: 1...10)) { seeds, slotBits in
            var table = StringTable(slotBits: slotBits)
            for documentSeeds in seeds {
                let bytes = DocumentCodec.encode(Self.document(documentSeeds))
                var plainReader = BinaryReader(bytes), tableReader = BinaryReader(bytes)
                let plain = Result { () throws(DecodingError) in try DocumentCodec.decodeDocument(from: &plainReader) }
                let tabled = Result { () throws(DecodingError) in try DocumentCodec.decodeDocument(from: &tableReader, strings: &table) }
                #expect(plain == tabled)
                #expect(plainReader.offset == tableReader.offset)
                #expect((try? tabled.get()).map(Self.bytesOfStrings) == (try? plain.get()).map(Self.bytesOfStrings))
            }
        }
    }

    @Test("a changed or cut record is refused through a table exactly when plain decoding refuses it, with the same error")
    func damagedEventsAreRefusedThroughATableAsWithout() async {
        let damage = Gen.int(in: 0..<4_096).array(of: 0...3)
        await propertyCheck(count: 600, input: Self.documents, damage, Gen.int(in: 1...10)) { seeds, cuts, slotBits in
            var table = StringTable(slotBits: slotBits)
            for (index, documentSeeds) in seeds.enumerated() {
                var source = Source(name: Self.string(UInt64(index) * 5))
                source.device = Self.string(UInt64(index) * 7 + 1)
                let event = Event(
                    kind: .sampleRecorded, schema: 1, start: Timestamp(micros: 1_700_000_000_000_000), utcOffset: 3_600,
                    zone: index % 2 == 0 ? "Europe/Zürich" : nil, source: source, payload: Self.document(documentSeeds))
                var bytes = EnvelopeCodec.encode(event)
                for cut in cuts where index % 2 == 1 {
                    let place = cut % bytes.count
                    if cut % 4 == 0 { bytes.removeLast(bytes.count - place) } else { bytes[place] = UInt8(truncatingIfNeeded: cut >> 2) }
                    if bytes.isEmpty { break }
                }
                let plain = Result { () throws(DecodingError) in try EnvelopeCodec.decode(bytes, recordedAt: Timestamp(micros: 0)) }
                let tabled = Result { () throws(DecodingError) in try EnvelopeCodec.decode(bytes, recordedAt: Timestamp(micros: 0), strings: &table) }
                #expect(plain == tabled)
                #expect((try? tabled.get()).map { Self.bytesOfStrings($0.payload) } == (try? plain.get()).map { Self.bytesOfStrings($0.payload) })
                if index % 2 == 0 { #expect((try? tabled.get()) == event) }
            }
        }
    }

    @Test("a long string decoded again through a table is the one made the first time; without one it is made again")
    func aRepeatedLongStringIsMadeOnce() throws {
        let text = "HKQuantityTypeIdentifierHeartRate"
        let bytes = DocumentCodec.encode(["type": .string(text)] as Document) + DocumentCodec.encode(["type": .string(text)] as Document)
        func storage(_ document: Document) -> UnsafeRawPointer? {
            guard case .string(let decoded)? = document["type"] else { return nil }
            return decoded.utf8.withContiguousStorageIfAvailable { UnsafeRawPointer($0.baseAddress) } ?? nil
        }
        var table = StringTable()
        var reader = BinaryReader(bytes)
        let first = try DocumentCodec.decodeDocument(from: &reader, strings: &table)
        let second = try DocumentCodec.decodeDocument(from: &reader, strings: &table)
        #expect(storage(first) != nil && storage(first) == storage(second))
        var plainReader = BinaryReader(bytes)
        let plainFirst = try DocumentCodec.decodeDocument(from: &plainReader)
        let plainSecond = try DocumentCodec.decodeDocument(from: &plainReader)
        #expect(storage(plainFirst) != storage(plainSecond))
    }

    /// Every string of `document` as its bytes, in order: `==` on strings is canonical
    /// equivalence, and a table must not hand back another spelling of an equal string.
    static func bytesOfStrings(_ document: Document) -> [[UInt8]] {
        func strings(_ value: DocValue) -> [[UInt8]] {
            switch value {
            case .string(let text): [Array(text.utf8)]
            case .array(let items): items.flatMap(strings)
            case .map(let inner): bytesOfStrings(inner)
            default: []
            }
        }
        return document.fields.flatMap { [Array($0.name.utf8)] + strings($0.value) }
    }
}
