import Foundation
import Testing
import TestSupport

/// `export parquet --force` writes the new tables beside the old ones and swaps them in only
/// once all are whole (issue 40, case 15). Before, it removed the earlier export's tables
/// first, so an export that then failed left a folder with some tables, or none.
@Suite struct ParquetAtomicExportTests {
    @Test func anExportThatFailsPartWayLeavesTheEarlierOneWhole() throws {
        let vault = try CLIVault()
        try vault.ok(["mood", "7", "--at", "2026-03-01T09:00:00+01:00"])
        let folder = vault.root + "/parquet"
        try vault.ok(["export", "parquet", folder])
        let before = try Self.snapshot(folder)
        try vault.ok(["mood", "8", "--at", "2026-03-02T09:00:00+01:00"])

        // Each table's file is synced when it is closed: the third close fails.
        let failed = try vault.run(["export", "parquet", folder, "--force"], environment: FaultShim.environment(failing: "fsync", at: 3))
        #expect(failed.status == 74, "\(failed.stderr)")
        #expect(failed.stderr.contains("nothing of this export was kept"), "\(failed.stderr)")
        #expect(try Self.snapshot(folder) == before, "the earlier export, every table and file, as it was")
        try vault.ok(["export", "parquet", folder, "--force"])
        #expect(try Self.snapshot(folder) != before)
    }

    /// Every file under `folder` with its bytes.
    static func snapshot(_ folder: String) throws -> [String: Data] {
        var files: [String: Data] = [:]
        let walker = try #require(FileManager.default.enumerator(atPath: folder))
        while let path = walker.nextObject() as? String {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: folder + "/" + path, isDirectory: &isFolder), !isFolder.boolValue {
                files[path] = FileManager.default.contents(atPath: folder + "/" + path)
            }
        }
        return files
    }
}
