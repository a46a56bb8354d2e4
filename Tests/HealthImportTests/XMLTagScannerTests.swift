import Foundation
import Testing
@testable import HealthImport

/// A tag as plain values, so tests can compare what the scanner saw.
struct SeenTag: Equatable {
    let kind: XMLTag.Kind
    let name: String
    let attributes: [String: String]
}

/// Scans `text` fed in chunks of `chunkSize` bytes.
func scan(_ text: String, chunkSize: Int = 1 << 20) throws -> [SeenTag] {
    let scanner = XMLTagScanner(file: "test.xml")
    var seen: [SeenTag] = []
    let bytes = Array(text.utf8)
    var start = 0
    while start < bytes.count {
        let end = min(start + chunkSize, bytes.count)
        try bytes[start..<end].withUnsafeBytes { chunk in
            try scanner.feed(chunk) { tag in
                var attributes: [String: String] = [:]
                for attribute in tag.attributes { attributes[attribute.name.string] = attribute.value.string }
                seen.append(SeenTag(kind: tag.kind, name: tag.name.string, attributes: attributes))
            }
        }
        start = end
    }
    try scanner.finish()
    return seen
}

@Suite struct XMLTagScannerEmptyInputTests {
    /// An empty chunk (which may have no address) scans to nothing and leaves the scanner
    /// ready; values that are empty, plain or decoded, read as empty.
    @Test func emptyChunksAndEmptyValues() throws {
        let scanner = XMLTagScanner(file: "test.xml")
        var seen: [SeenTag] = []
        let record = { (tag: XMLTag) in
            var attributes: [String: String] = [:]
            for attribute in tag.attributes { attributes[attribute.name.string] = attribute.value.string }
            seen.append(SeenTag(kind: tag.kind, name: tag.name.string, attributes: attributes))
        }
        try scanner.feed(UnsafeRawBufferPointer(start: nil, count: 0), record)
        try Array(#"<r a="" b="&amp;"/>"#.utf8).withUnsafeBytes { try scanner.feed($0, record) }
        try scanner.feed(UnsafeRawBufferPointer(start: nil, count: 0), record)
        try scanner.finish()
        #expect(seen == [SeenTag(kind: .empty, name: "r", attributes: ["a": "", "b": "&"])])
    }
}

@Suite struct XMLTagScannerTests {
    let document = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE HealthData [
        <!-- HealthKit Export Version: 12 -->
        <!ATTLIST VisionPrescription
          type CDATA #REQUIRED
        <!ELEMENT RightEye EMPTY>
        ]>
        <HealthData locale="en_US">
         <!-- a comment with <Record> inside -->
         <Record type="HKQuantityTypeIdentifierHeartRate" sourceName="Ann&apos;s Watch" device="&lt;&lt;HKDevice: 0x1&gt;, name:Apple Watch&gt;" value='72'>
          <MetadataEntry key="HKWeatherHumidity" value="96 %"/>
         </Record>
         <Record type="HKQuantityTypeIdentifierStepCount" sourceName="Phone\u{0B}X" value="1&#x30;"/>
        </HealthData>

        """

    @Test func readsTagsAttributesAndEntitiesPastABrokenDTD() throws {
        let tags = try scan(document)
        #expect(tags.map(\.name) == ["HealthData", "Record", "MetadataEntry", "Record", "Record", "HealthData"])
        #expect(tags.map(\.kind) == [.open, .open, .empty, .close, .empty, .close])
        #expect(tags[1].attributes["sourceName"] == "Ann's Watch")
        #expect(tags[1].attributes["device"] == "<<HKDevice: 0x1>, name:Apple Watch>")
        #expect(tags[1].attributes["value"] == "72")
        #expect(tags[2].attributes["value"] == "96 %")
        // The stray vertical tab becomes a space, not a fatal error; the reference is decoded.
        #expect(tags[4].attributes["sourceName"] == "Phone X")
        #expect(tags[4].attributes["value"] == "10")
    }

    @Test func chunkBoundariesAnywhereGiveTheSameTags() throws {
        let whole = try scan(document)
        for chunkSize in 1...40 {
            #expect(try scan(document, chunkSize: chunkSize) == whole, "chunk size \(chunkSize)")
        }
    }

    @Test func aTruncatedDocumentNamesWhereItEnds() throws {
        let truncated = document.components(separatedBy: "&#x30;")[0] // cuts inside the second Record's value
        let error = try #require(throws: XMLSyntaxError.self) { try scan(truncated) }
        #expect(error.line == 13)
        #expect(error.reason.contains("truncated"))
    }

    @Test func aDocumentCutBetweenTagsSaysWhichElementIsOpen() throws {
        let cut = document.components(separatedBy: " <Record type=\"HKQuantityTypeIdentifierStepCount\"")[0]
        let error = try #require(throws: XMLSyntaxError.self) { try scan(cut) }
        #expect(error.reason.contains("<HealthData>"))
        #expect(error.line == 13)
    }

    @Test func garbledMarkupNamesLineAndColumn() throws {
        let garbled = document.replacingOccurrences(of: "value='72'>", with: "value='72' <<>")
        let error = try #require(throws: XMLSyntaxError.self) { try scan(garbled) }
        #expect(error.line == 10)
        #expect(error.column == 149)
        #expect(error.description.hasPrefix("test.xml: line 10, column 149:"))
    }

    @Test func aMissingQuoteIsCaughtAtTheNextTag() throws {
        let garbled = document.replacingOccurrences(of: "value=\"96 %\"/>", with: "value=\"96 %/>")
        let error = try #require(throws: XMLSyntaxError.self) { try scan(garbled) }
        #expect(error.line == 12)
        #expect(error.reason.contains("quote"))
    }

    @Test func mismatchedClosingTagIsAnError() throws {
        let garbled = document.replacingOccurrences(of: " </Record>", with: " </Recor>")
        let error = try #require(throws: XMLSyntaxError.self) { try scan(garbled) }
        #expect(error.line == 12)
        #expect(error.reason.contains("</Record> was expected"))
    }

    /// Values are checked eight bytes at a time; every control character, '&' or '<' must
    /// still be found, wherever it falls in a word, and nothing else.
    @Test func specialBytesInValuesAreFoundAtEveryPosition() {
        var generator = SystemRandomNumberGenerator()
        let plain = Array("2024-01-01 01:01:36 +0200 HKQuantityTypeIdentifierStepCount ~é".utf8)
        for trial in 0..<20_000 {
            var bytes = (0..<Int.random(in: 0...40, using: &generator)).map { _ in plain.randomElement(using: &generator)! }
            if trial % 4 != 0, !bytes.isEmpty {
                let special: [UInt8] = [0x00, 0x09, 0x0A, 0x1F, 0x26, 0x3C]
                bytes[Int.random(in: 0..<bytes.count, using: &generator)] = special.randomElement(using: &generator)!
            }
            let expected = bytes.firstIndex { $0 < 0x20 || $0 == 0x26 || $0 == 0x3C }
            let found = bytes.withUnsafeBufferPointer { buffer in
                buffer.baseAddress.flatMap { XMLTagScanner.firstSpecialByte($0, 0..<buffer.count) }
            }
            #expect(found == expected, "\(bytes)")
            if found != expected { return }
        }
    }
}
