import Testing
@testable import Parquet

struct ThriftCompactWriterTests {
    @Test func shortFieldDeltasShareTheTypeByte() {
        var writer = ThriftCompactWriter()
        writer.i32(1, 3)
        writer.i64(2, -1)
        // Field 1 i32 (delta 1: 0x15), zigzag 3 = 6; field 2 i64 (delta 1: 0x16), zigzag -1 = 1; stop.
        #expect(writer.finish() == [0x15, 0x06, 0x16, 0x01, 0x00])
    }

    @Test func longFieldJumpsWriteTheIDAsAZigzagVarint() {
        var writer = ThriftCompactWriter()
        writer.bool(20, true)
        #expect(writer.finish() == [0x01, 0x28, 0x00])
    }

    @Test func nestedStructsRestartFieldDeltas() {
        var writer = ThriftCompactWriter()
        writer.i32(3, 1)
        writer.structure(5) { inner in inner.i32(1, 1) }
        writer.i32(6, 1)
        #expect(writer.finish() == [0x35, 0x02, 0x2C, 0x15, 0x02, 0x00, 0x15, 0x02, 0x00])
    }

    @Test func listsOfFifteenOrMoreCarryTheirSizeApart() {
        var writer = ThriftCompactWriter()
        writer.i32List(1, Array(repeating: 0, count: 15))
        #expect(Array(writer.finish().prefix(3)) == [0x19, 0xF5, 0x0F])
    }

    @Test func stringsAreLengthPrefixedUTF8() {
        var writer = ThriftCompactWriter()
        writer.string(4, "é")
        #expect(writer.finish() == [0x48, 0x02, 0xC3, 0xA9, 0x00])
    }
}
