import Foundation
import Testing
@testable import LedgerStore

/// Temporary headers a killed writer left are removed, in today's form and in those of
/// earlier versions; nothing else in the folder is touched.
@Suite struct VaultHeaderLeftoverTests {
    @Test func leftoversOfEveryFormAreRemovedAndNothingElse() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("leftovers-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let leftovers = [".vault.json.fedcba9876543210.tmp", "vault.json.0123456789abcdef.tmp", "vault.json.tmp"]
        let kept = ["data.mdb", "lock.mdb", "vault.json", "notes.tmp", ".other.json.01.tmp"]
        for name in leftovers + kept {
            #expect(FileManager.default.createFile(atPath: folder + "/" + name, contents: Data("x".utf8)))
        }
        VaultHeader.removeLeftovers(vault: folder)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == kept.sorted())
    }
}
