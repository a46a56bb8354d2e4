import Foundation
import Testing
import TestSupport

/// `export parquet` partitions samples by their type, which is whatever the imported file
/// said (issue 40, case 15). Before, one sample type of 200 "é" (1,200 bytes escaped, past
/// the 255 a folder name may take) failed every export with exit 74, named no record, and
/// left the tables written so far.
@Suite struct ParquetPartitionTests {
    @Test func aSampleTypeTooLongForAFolderNameIsExportedUnderABoundedName() throws {
        let vault = try CLIVault()
        let longType = "HK" + String(repeating: "é", count: 200)
        try vault.ok(["append", "sample.recorded", "type=\(longType)", "value=3", "unit=count", "--at", "2026-03-01T09:00:00+01:00"])
        try vault.ok(["append", "sample.recorded", "type=\(longType)x", "value=4", "unit=count", "--at", "2026-03-01T10:00:00+01:00"])
        try vault.ok(["append", "sample.recorded", "type=HKQuantityTypeIdentifierStepCount", "value=900", "unit=count", "--at", "2026-03-01T11:00:00+01:00"])
        let folder = vault.root + "/parquet"
        let written = try DataExportCLITests.exportRun(vault, ["export", "parquet", folder, "--json"])
        #expect(written.status == 0, "\(written.stderr)")
        #expect((try DataExportCLITests.summary(written)["rows"] as? [String: Int])?["samples"] == 3)
        let partitions = try FileManager.default.contentsOfDirectory(atPath: folder + "/samples").sorted()
        #expect(partitions.count == 3, "the two long types stay apart: \(partitions)")
        #expect(partitions.allSatisfy { $0.utf8.count <= 200 }, "\(partitions.map(\.utf8.count))")
        #expect(partitions.contains("type=HKQuantityTypeIdentifierStepCount"))
        #expect(partitions.filter { $0.hasPrefix("type=HK%C3%A9") && $0.contains("~") }.count == 2)
        let entries = try FileManager.default.contentsOfDirectory(atPath: folder)
        #expect(!entries.contains { $0.hasPrefix(".") }, "no staging left: \(entries)")
        for partition in partitions where partition.contains("~") {
            let file = try #require(FileManager.default.contents(atPath: folder + "/samples/" + partition + "/part-0.parquet"))
            #expect(file.range(of: Data("healthledger.partition_value".utf8)) != nil, "the whole type is in the file's metadata")
        }
    }
}
