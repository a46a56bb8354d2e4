import Foundation
import PropertyBased
import Testing
import TestSupport
@testable import HealthBundle
import Zip

@Suite struct ZipStreamTests {
    static func zip(_ entries: [(String, [UInt8])], padding: String? = nil) throws -> [UInt8] {
        let sink = MemoryStream()
        let writer = ZipStreamWriter(sink: sink, modified: (2026, 3, 14, 9, 30, 0))
        for (name, bytes) in entries { try writer.add(name, bytes) }
        try writer.finish(padding: padding)
        return sink.bytes
    }

    static let entries: [(String, [UInt8])] = [
        ("events.jsonl", Array(String(repeating: "{\"kind\":\"mood.rated\",\"rating\":7}\n", count: 40_000).utf8)),
        ("daily/2026/03/HealthMetrics-2026-03-01.csv", Array("Date/Time,Step Count (count)\n2026-03-01,8000\n".utf8)),
        ("faces/random.jpg", (0..<300_000).map { _ in UInt8.random(in: 0...255) }),
        ("empty.txt", []),
    ]

    @Test func whatIsWrittenReadsBackByteForByteFrontToBack() throws {
        let reader = ZipStreamReader(source: MemoryStream(try Self.zip(Self.entries)))
        var read: [(String, [UInt8])] = []
        while let name = try reader.nextEntry() {
            var bytes: [UInt8] = []
            try reader.readEntry { bytes.append(contentsOf: $0) }
            read.append((name, bytes))
        }
        #expect(read.map(\.0) == Self.entries.map(\.0))
        #expect(read.map(\.1) == Self.entries.map(\.1))
    }

    /// Whatever the entries and their names, the padding entry ends the zip on a whole age
    /// chunk and reads back as zeros after them.
    @Test func aPaddedZipEndsOnAWholeAgeChunkSoAppendedBytesAreNamed() async {
        let sizes = Gen.int(in: 0...140_000).array(of: 0...4)
        let names = Gen.letterOrNumber.string(of: 1...40)
        await propertyCheck(count: 60, input: sizes, names) { sizes, padding in
            let entries = sizes.enumerated().map { index, size in
                ("entry-\(index).bin", (0..<size).map { UInt8(truncatingIfNeeded: ($0 &* 2_654_435_761) >> (13 + index)) })
            }
            do {
                let bytes = try Self.zip(entries, padding: padding)
                #expect(bytes.count % (64 * 1024) == 0)
                let reader = ZipStreamReader(source: MemoryStream(bytes))
                var read: [String] = []
                var zeros = true
                while let name = try reader.nextEntry() {
                    read.append(name)
                    try reader.readEntry { chunk in if name == padding { zeros = zeros && chunk.allSatisfy { $0 == 0 } } }
                }
                #expect(read == entries.map(\.0) + [padding])
                #expect(zeros)
            } catch {
                Issue.record(error)
            }
        }
    }

    @Test func unzipListsAndTestsEveryEntry() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("zip-\(UUID().uuidString).zip").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Data(try Self.zip(Self.entries)).write(to: URL(fileURLWithPath: path))
        let tested = try ExternalTool.run("unzip", ["-t", path])
        let text = tested.stdout
        #expect(tested.status == 0, "\(text)")
        #expect(text.contains("No errors detected"))
        for (name, _) in Self.entries { #expect(text.contains(name)) }
    }

    @Test func aFlippedByteInAnEntryIsCaughtByItsCRC() throws {
        var bytes = try Self.zip(Self.entries)
        bytes[2_000] ^= 0x01
        let reader = ZipStreamReader(source: MemoryStream(bytes))
        #expect(throws: ZipFormatError.self) {
            while try reader.nextEntry() != nil { try reader.readEntry { _ in } }
        }
    }
}
