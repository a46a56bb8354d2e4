import CZstd
import Foundation
import Testing
@testable import Parquet

struct ParquetFileWriterTests {
    let columns = [
        ParquetColumn("id", .string),
        ParquetColumn("value", .double, optional: true),
        ParquetColumn("start", .timestampMicros),
        ParquetColumn("day", .date),
        ParquetColumn("source", .string, optional: true),
    ]

    func row(_ index: Int) -> [ParquetValue] {
        [
            .string("event-\(index)"), index % 3 == 0 ? .null : .double(Double(index) * 0.5),
            .int(1_700_000_000_000_000 + Int64(index)), .int(19_000 + Int64(index / 100)),
            index % 5 == 0 ? .null : .string(index % 2 == 0 ? "Apple Watch" : "iPhone"),
        ]
    }

    func temporaryPath() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("parquet-\(UUID().uuidString).parquet").path
    }

    func footer(_ bytes: [UInt8]) throws -> ThriftValue {
        try #require(Array(bytes.prefix(4)) == Array("PAR1".utf8) && Array(bytes.suffix(4)) == Array("PAR1".utf8))
        let lengthBytes = bytes[(bytes.count - 8)..<(bytes.count - 4)]
        let length = lengthBytes.reversed().reduce(0) { $0 << 8 | Int($1) }
        var reader = ThriftCompactReader(bytes, at: bytes.count - 8 - length)
        let footer = reader.readStruct()
        #expect(reader.position == bytes.count - 8)
        return footer
    }

    @Test func rowGroupsAreFlushedAtTheirBoundedSize() throws {
        let path = temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let writer = try ParquetFileWriter(path: path, columns: columns, rowGroupBytes: 4096)
        var largestBuffer = 0
        for index in 0..<2000 {
            try writer.append(row(index))
            largestBuffer = max(largestBuffer, writer.bufferedBytes)
        }
        try writer.close()
        #expect(largestBuffer < 4096)
        let footer = try footer(Array(try Data(contentsOf: URL(fileURLWithPath: path))))
        #expect(footer[3]?.int == 2000)
        let groups = footer[4]?.list ?? []
        #expect(groups.count > 10)
        #expect(groups.compactMap { $0[3]?.int }.reduce(0, +) == 2000)
        #expect(footer[2]?.list.compactMap { $0[4]?.string } == ["schema", "id", "value", "start", "day", "source"])
    }

    @Test func statisticsBoundEachColumnChunk() throws {
        let path = temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let writer = try ParquetFileWriter(path: path, columns: columns)
        for index in 0..<300 { try writer.append(row(index)) }
        try writer.close()
        let footer = try footer(Array(try Data(contentsOf: URL(fileURLWithPath: path))))
        let chunks = try #require(footer[4]?.list.first?[1]?.list)
        let value = try #require(chunks[1][3]?[12])
        #expect(value[3]?.int == 100)
        #expect(value[6]?.bytes == withUnsafeBytes(of: (0.5).bitPattern.littleEndian, Array.init))
        #expect(value[5]?.bytes == withUnsafeBytes(of: (149.5).bitPattern.littleEndian, Array.init))
        let source = try #require(chunks[4][3]?[12])
        #expect(source[3]?.int == 60)
        #expect(source[6]?.string == "Apple Watch")
        #expect(source[5]?.string == "iPhone")
    }

    @Test func repeatedStringsAreDictionaryEncodedAndDecodeBack() throws {
        let path = temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let writer = try ParquetFileWriter(path: path, columns: columns)
        for index in 0..<300 { try writer.append(row(index)) }
        try writer.close()
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        let meta = try #require(try footer(bytes)[4]?.list.first?[1]?.list[4][3])
        #expect(meta[2]?.list == [.int(0), .int(8), .int(3)])
        let dictionaryOffset = try #require(meta[11]?.int)
        let (dictionaryHeader, dictionary) = try page(bytes, at: Int(dictionaryOffset))
        #expect(dictionaryHeader[7]?[1]?.int == 2)
        #expect(dictionary == [6, 0, 0, 0] + Array("iPhone".utf8) + [11, 0, 0, 0] + Array("Apple Watch".utf8))
        let (dataHeader, body) = try page(bytes, at: Int(try #require(meta[9]?.int)))
        #expect(dataHeader[5]?[1]?.int == 300)
        let levelsLength = Int(body[0]) | Int(body[1]) << 8 | Int(body[2]) << 16 | Int(body[3]) << 24
        let levels = RLEHybridDecoder.decode(Array(body[4..<(4 + levelsLength)]), bitWidth: 1, count: 300)
        #expect(levels == (0..<300).map { $0 % 5 == 0 ? 0 : 1 })
        let width = Int(body[4 + levelsLength])
        let indices = RLEHybridDecoder.decode(Array(body[(5 + levelsLength)...]), bitWidth: width, count: 240)
        let expected = (0..<300).filter { $0 % 5 != 0 }.map { UInt32($0 % 2 == 0 ? 1 : 0) }
        #expect(indices == expected)
    }

    @Test func aNullInARequiredColumnIsRefused() throws {
        let path = temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let writer = try ParquetFileWriter(path: path, columns: columns)
        var bad = row(1)
        bad[0] = .null
        #expect(throws: ParquetError.valueMismatch(column: "id", value: "null (the column is required)")) { try writer.append(bad) }
        #expect(throws: ParquetError.rowWidth(expected: 5, got: 1)) { try writer.append([.null]) }
    }

    @Test func filesArePrivateToTheirOwner() throws {
        let path = temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let writer = try ParquetFileWriter(path: path, columns: columns)
        try writer.close()
        let permissions = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        #expect(permissions == 0o600)
    }

    /// The page header at `offset` and its decompressed body.
    func page(_ bytes: [UInt8], at offset: Int) throws -> (ThriftValue, [UInt8]) {
        var reader = ThriftCompactReader(bytes, at: offset)
        let header = reader.readStruct()
        let compressedSize = Int(try #require(header[3]?.int))
        let size = Int(try #require(header[2]?.int))
        var body = [UInt8](repeating: 0, count: size)
        let compressed = Array(bytes[reader.position..<(reader.position + compressedSize)])
        let written = ZSTD_decompress(&body, size, compressed, compressed.count)
        #expect(written == size)
        return (header, body)
    }
}
