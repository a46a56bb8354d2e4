import Foundation
import Testing
import TestSupport

/// `checkpoint export FILE` writes through the product's one I/O layer, as every other file
/// it writes, and keeps what it did before it did: the owner's alone, and a symbolic link left
/// where it was to go is replaced, not followed (the file it named is left as it was).
@Suite struct CheckpointExportFileTests {
    @Test func theCheckpointIsTheOwnersAloneAndALinkInItsPlaceIsNotFollowed() throws {
        let vault = try CLIVault()
        try vault.ok(["mood", "6"])
        let kept = vault.root + "/kept-checkpoint"
        try vault.ok(["checkpoint", "export", kept])
        let mode = try #require(try FileManager.default.attributesOfItem(atPath: kept)[.posixPermissions] as? Int)
        #expect(mode == 0o600, "mode \(String(mode, radix: 8))")
        #expect(try String(contentsOfFile: kept, encoding: .utf8).contains("— "), "a signed note ends in its signature line")

        let elsewhere = vault.root + "/elsewhere"
        try "someone else's file\n".write(toFile: elsewhere, atomically: true, encoding: .utf8)
        let linked = vault.root + "/linked-checkpoint"
        try FileManager.default.createSymbolicLink(atPath: linked, withDestinationPath: elsewhere)
        try vault.ok(["checkpoint", "export", linked])
        #expect(try String(contentsOfFile: elsewhere, encoding: .utf8) == "someone else's file\n")
        let written = try FileManager.default.attributesOfItem(atPath: linked)
        #expect(written[.type] as? FileAttributeType == .typeRegular)
        #expect(try String(contentsOfFile: linked, encoding: .utf8) == String(contentsOfFile: kept, encoding: .utf8))
    }
}
