import Foundation
import Testing
import ZIPFoundation
@testable import HealthImport
import Zip

@Suite struct ZipEntryStreamTests {
    /// Every entry read through the zip's own directory and ISA-L, chunk by chunk.
    private func readAll(_ path: String, chunkSize: Int = 1 << 12) throws -> [(ok: Bool, bytes: [UInt8])] {
        let descriptor = open(path, O_RDONLY)
        defer { close(descriptor) }
        let directory = try #require(ZipDirectory(descriptor: descriptor))
        return try directory.items.map { item in
            var bytes: [UInt8] = []
            let start = try #require(ZipDirectory.dataOffset(of: item, descriptor: descriptor))
            let ok = try ZipEntryStream.read(item, at: start, descriptor: descriptor, chunkSize: chunkSize) { bytes.append(contentsOf: $0) }
            return (ok, bytes)
        }
    }

    /// The same entries as ZIPFoundation extracts them.
    private func extractedByZIPFoundation(_ path: String) throws -> [[UInt8]] {
        let archive = try Archive(url: URL(fileURLWithPath: path), accessMode: .read, pathEncoding: nil)
        return try archive.map { entry in
            var bytes: [UInt8] = []
            _ = try archive.extract(entry) { bytes.append(contentsOf: $0) }
            return bytes
        }
    }

    private func makeZip(_ files: [(name: String, bytes: [UInt8], method: CompressionMethod)]) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("zip-\(UUID().uuidString).zip").path
        let archive = try Archive(url: URL(fileURLWithPath: path), accessMode: .create, pathEncoding: nil)
        for file in files {
            let data = Data(file.bytes)
            try archive.addEntry(with: file.name, type: .file, uncompressedSize: Int64(data.count), compressionMethod: file.method) { position, size in
                data.subdata(in: Int(position)..<Int(position) + size)
            }
        }
        return path
    }

    @Test func deflatedStoredAndEmptyEntriesReadAsZIPFoundationExtractsThem() throws {
        var generator = SystemRandomNumberGenerator()
        let noise = (0..<300_000).map { _ in UInt8.random(in: 0...255, using: &generator) }
        let text = Array(String(repeating: "<Record type=\"HKQuantityTypeIdentifierHeartRate\" value=\"72\"/>\n", count: 20_000).utf8)
        let path = try makeZip([
            ("export.xml", text, .deflate), ("noise.bin", noise, .deflate), ("stored.txt", Array("as is".utf8), .none), ("empty.txt", [], .deflate),
        ])
        defer { try? FileManager.default.removeItem(atPath: path) }
        let read = try readAll(path)
        #expect(read.allSatisfy { $0.ok })
        let extracted = try extractedByZIPFoundation(path)
        #expect(read.map(\.bytes) == extracted)
        #expect(read[0].bytes == text)
    }

    /// The import finds its document, routes and ECGs by these names alone, so they must be
    /// what an independent reader lists, folders and localized names included.
    @Test func everyEntryIsNamedAsZIPFoundationListsIt() throws {
        let path = try makeZip([
            ("apple_health_export/导出.xml", Array("<HealthData/>".utf8), .deflate),
            ("apple_health_export/workout-routes/route_2024-01-01_9.00am.gpx", Array("<gpx/>".utf8), .deflate),
            ("apple_health_export/electrocardiograms/ecg_2024-01-01.csv", [], .none),
        ])
        defer { try? FileManager.default.removeItem(atPath: path) }
        let descriptor = open(path, O_RDONLY)
        defer { close(descriptor) }
        let directory = try #require(ZipDirectory(descriptor: descriptor))
        let listed = try Archive(url: URL(fileURLWithPath: path), accessMode: .read, pathEncoding: nil).map(\.path)
        #expect(directory.items.map(\.path) == listed)
        let zip64 = open(Fixtures.path("zip/zip64.zip"), O_RDONLY)
        defer { close(zip64) }
        let fixture = try Archive(url: URL(fileURLWithPath: Fixtures.path("zip/zip64.zip")), accessMode: .read, pathEncoding: nil)
        #expect(try #require(ZipDirectory(descriptor: zip64)).items.map(\.path) == fixture.map(\.path))
    }

    /// Exports over 4 GB keep their sizes and offsets in ZIP64 fields; the fixture has them
    /// for small files (see Tools/make-zip64-fixture.py).
    @Test func zip64SizesOffsetsAndEndRecordsAreFollowed() throws {
        let path = Fixtures.path("zip/zip64.zip")
        let read = try readAll(path, chunkSize: 1 << 16)
        #expect(read.count == 2)
        #expect(read.allSatisfy { $0.ok })
        let extracted = try extractedByZIPFoundation(path)
        #expect(read.map(\.bytes) == extracted)
        #expect(String(decoding: read[1].bytes, as: UTF8.self) == "stored, not deflated\n")
        #expect(read[0].bytes.count == 318_890)
    }

    @Test func aChangedByteFailsTheChecksumOrTheInflateAndAShortFileIsTruncated() throws {
        let text = Array(String(repeating: "<Record value=\"72\"/>\n", count: 50_000).utf8)
        let path = try makeZip([("export.xml", text, .deflate)])
        defer { try? FileManager.default.removeItem(atPath: path) }
        let descriptor = open(path, O_RDONLY)
        let item = try #require(ZipDirectory(descriptor: descriptor)?.items.first)
        let start = try #require(ZipDirectory.dataOffset(of: item, descriptor: descriptor))
        close(descriptor)
        var bytes = Array(FileManager.default.contents(atPath: path)!)

        var damaged = bytes
        damaged[Int(start) + Int(item.compressedSize) / 2] ^= 0x5A
        let damagedPath = path + ".damaged"
        _ = FileManager.default.createFile(atPath: damagedPath, contents: Data(damaged))
        defer { try? FileManager.default.removeItem(atPath: damagedPath) }
        let damagedDescriptor = open(damagedPath, O_RDONLY)
        defer { close(damagedDescriptor) }
        let intact = try? ZipEntryStream.read(item, at: start, descriptor: damagedDescriptor, chunkSize: 1 << 12) { _ in }
        #expect(intact != true)

        bytes.removeSubrange((Int(start) + Int(item.compressedSize) / 2)...)
        let shortPath = path + ".short"
        _ = FileManager.default.createFile(atPath: shortPath, contents: Data(bytes))
        defer { try? FileManager.default.removeItem(atPath: shortPath) }
        let shortDescriptor = open(shortPath, O_RDONLY)
        defer { close(shortDescriptor) }
        #expect(throws: ZipEntryStream.Failure.self) {
            try ZipEntryStream.read(item, at: start, descriptor: shortDescriptor, chunkSize: 1 << 12) { _ in }
        }
    }

    /// Inputs the fuzzer (`Tools/Fuzz/fuzz.sh … zip-directory`) found trapping, kept: a local
    /// header offset past what a file can hold was converted to a file offset unchecked.
    @Test func offsetsAndSizesBeyondAnyFileAreRefusedNotTrappedOn() throws {
        let descriptor = open(Fixtures.path("zip/fuzz-offset-past-int64.zip"), O_RDONLY)
        defer { close(descriptor) }
        // Before the fix, reading its directory trapped; now it is refused as no zip at all.
        #expect(ZipDirectory(descriptor: descriptor) == nil)
        let huge = ZipDirectory.Item(method: 8, crc: 0, compressedSize: .max, uncompressedSize: 1, localHeaderOffset: 0)
        #expect(throws: ZipEntryStream.Failure.self) { try ZipEntryStream.read(huge, at: 30, descriptor: descriptor, chunkSize: 1 << 12) { _ in } }
    }

    /// An attachment is held in memory up to the size its directory entry claims; an entry
    /// that inflates to more (a bomb under a small claim) must stop at the claim.
    @Test func anEntryNeverYieldsMoreThanItsDirectoryClaims() throws {
        let zeros = [UInt8](repeating: 0, count: 8 << 20)
        let path = try makeZip([("route.gpx", zeros, .deflate), ("stored.txt", Array("stored bytes".utf8), .none)])
        defer { try? FileManager.default.removeItem(atPath: path) }
        let descriptor = open(path, O_RDONLY)
        defer { close(descriptor) }
        let items = try #require(ZipDirectory(descriptor: descriptor)?.items)
        for item in items {
            let start = try #require(ZipDirectory.dataOffset(of: item, descriptor: descriptor))
            let claim = ZipDirectory.Item(
                method: item.method, crc: item.crc, compressedSize: item.compressedSize,
                uncompressedSize: 4, localHeaderOffset: item.localHeaderOffset)
            var yielded = 0
            let intact = try? ZipEntryStream.read(claim, at: start, descriptor: descriptor, chunkSize: 1 << 12) { yielded += $0.count }
            #expect(intact != true, "\(item.path)")
            #expect(yielded <= 4, "\(item.path) gave \(yielded) bytes under a claim of 4")
        }
    }
}
