import PropertyBased
import Testing
@testable import LedgerCore

@Suite("Binary reader")
struct BinaryReaderTests {
    private func lengthPrefixed(_ bytes: [UInt8]) -> [UInt8] {
        var writer = BinaryWriter()
        writer.lengthPrefixed(bytes)
        return writer.bytes
    }

    /// LEB128, as every sealed record and view partition already on disk holds it.
    @Test("varints are written in their stored form and read back", arguments: [
        (0, [0x00]), (127, [0x7F]), (128, [0x80, 0x01]), (300, [0xAC, 0x02]), (16_383, [0xFF, 0x7F]),
        (16_384, [0x80, 0x80, 0x01]), (1 << 63, [0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x01]),
        (UInt64.max, [0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x01]),
    ] as [(UInt64, [UInt8])])
    func varints(value: UInt64, stored: [UInt8]) throws {
        var writer = BinaryWriter()
        writer.byte(0xAA)
        writer.varint(value)
        writer.byte(0xBB)
        #expect(writer.bytes == [0xAA] + stored + [0xBB])
        var reader = BinaryReader(writer.bytes, offset: 1)
        #expect(try reader.varint() == value)
        #expect(try reader.byte() == 0xBB)
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

    /// Any double, NaN payloads included, at any offset: read back bit for bit, little-endian as
    /// stored; eight bytes short of the end is truncated, not read past.
    @Test func doublesComeBackBitForBitAtAnyOffset() async {
        await propertyCheck(count: 500, input: Gen.uint64(in: .min ... .max), Gen.int(in: 0...7)) { bits, offset in
            var writer = BinaryWriter()
            for _ in 0..<offset { writer.byte(0xAB) }
            writer.float64(Double(bitPattern: bits))
            #expect(writer.bytes[offset] == UInt8(truncatingIfNeeded: bits), "little-endian")
            var reader = BinaryReader(writer.bytes, offset: offset)
            #expect(try! reader.float64().bitPattern == bits)
            #expect(reader.isAtEnd)
            var short = BinaryReader(Array(writer.bytes.dropLast()), offset: offset)
            #expect(throws: DecodingError.self) { try short.float64() }
        }
    }
}
