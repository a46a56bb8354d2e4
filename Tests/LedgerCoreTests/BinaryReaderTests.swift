import Testing
@testable import LedgerCore

@Suite("Binary reader")
struct BinaryReaderTests {
    private func lengthPrefixed(_ bytes: [UInt8]) -> [UInt8] {
        var writer = BinaryWriter()
        writer.lengthPrefixed(bytes)
        return writer.bytes
    }

    @Test("strings come back as written, ASCII or not")
    func validStrings() throws {
        for text in ["", "Anna’s Apple Watch", "导出.xml", "😀 mood", String(repeating: "é", count: 300)] {
            var writer = BinaryWriter()
            writer.string(text)
            var reader = BinaryReader(writer.bytes)
            #expect(try reader.string() == text)
            #expect(reader.isAtEnd)
        }
    }

    /// Each is a case that decoding with repair turns into U+FFFD, sometimes of the same length.
    @Test("bytes that are not UTF-8 are refused, not repaired", arguments: [
        [0xFF], [0xC3, 0x28], [0xE2, 0x82], [0xF1, 0x80, 0x80], [0xF1, 0x80, 0x80, 0x41], [0xED, 0xA0, 0x80], [0xC0, 0xAF],
        [0x41, 0x80, 0x42], [0xF4, 0x90, 0x80, 0x80],
    ] as [[UInt8]])
    func malformedStrings(bytes: [UInt8]) {
        var reader = BinaryReader(lengthPrefixed(bytes))
        #expect(throws: DecodingError.self) { try reader.string() }
    }
}
