import Foundation
@testable import LedgerStore
import LedgerCore
import LedgerCrypto
import Testing
import TestSupport

/// `forget` crypto-shreds a face image and `compact` removes what is left of it from the
/// vault's files: afterwards no file holds the image, its sealed bytes, its wrapped key or
/// the key itself.
@Suite struct ErasureTests {
    static let faces = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("HealthImportTests/Fixtures/faces/flat").path

    /// Everything of one blob that must disappear, as bytes to look for in the files.
    struct BlobTraces {
        let name: String
        let plaintext: [UInt8]
        let sealed: [UInt8]
        let wrappedKey: [UInt8]
        let key: [UInt8]

        var all: [(String, [UInt8])] { [("image", plaintext), ("sealed image", sealed), ("wrapped key", wrappedKey), ("key", key)] }
    }

    /// A folder with two captures: one with a 40 KB image of random bytes (stored on LMDB
    /// overflow pages) and the fixture's 211-byte one (stored inside a leaf page).
    static func captureFolder(in root: String) throws -> String {
        let folder = root + "/captures"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for name in ["Face-2024-03-15_143022.jpg", "Face-2024-03-15_143022.json"] {
            try FileManager.default.copyItem(atPath: faces + "/" + name, toPath: folder + "/" + name)
        }
        try FileManager.default.copyItem(atPath: faces + "/Face-2024-03-16_081500.json", toPath: folder + "/Face-2024-03-16_081500.json")
        let large = [0xFF, 0xD8, 0xFF, 0xE0] + secureRandomBytes(40_000) + [0xFF, 0xD9]
        try Data(large).write(to: URL(fileURLWithPath: folder + "/Face-2024-03-16_081500.jpg"))
        return folder
    }

    /// Reads the blob's stored parts and unwraps its key, with the ledger closed again on return.
    static func traces(of blob: String, vault: CLIVault, plaintext: [UInt8]) throws -> BlobTraces {
        let ledger = try vault.openLedger()
        let (sealed, wrapped) = try ledger.environment.read { txn in
            (try #require(try txn.get(ledger.databases.blobs, key: BlobEntry.content(blob))),
             try #require(try txn.get(ledger.databases.blobs, key: BlobEntry.wrappedKey(blob))))
        }
        let key = try BlobSealer(key: ledger.blobKeyWrappingKey).open(wrapped, associatedData: ledger.blobAssociatedData(blob, part: "key"))
        #expect(try ledger.blob(named: blob) == plaintext)
        return BlobTraces(name: blob, plaintext: plaintext, sealed: sealed, wrappedKey: wrapped, key: key)
    }

    /// The names of the vault's files that contain `bytes`.
    static func files(in vault: String, containing bytes: [UInt8]) throws -> [String] {
        let needle = Data(bytes)
        return try FileManager.default.subpathsOfDirectory(atPath: vault).filter { name in
            guard let contents = FileManager.default.contents(atPath: vault + "/" + name) else { return false }
            return contents.range(of: needle) != nil
        }
    }

    static func capture(_ vault: CLIVault, startingAt start: String) throws -> (id: String, blob: String) {
        let event = try #require(try vault.rawEvents().first { $0["kind"] as? String == "face.captured" && ($0["start"] as? String)?.hasPrefix(start) == true })
        let payload = try #require(event["payload"] as? [String: Any])
        return (try #require(event["id"] as? String), try #require(payload["imageBlob"] as? String))
    }

    @Test func afterForgetAndCompactNoFileHoldsTheImageItsSealedBytesOrItsKey() throws {
        let vault = try CLIVault()
        let folder = try Self.captureFolder(in: vault.root)
        try vault.ok(["import", "faces", folder, "--zone", "Europe/Paris"])
        let large = try Self.capture(vault, startingAt: "2024-03-16")
        let small = try Self.capture(vault, startingAt: "2024-03-15")
        let largeTraces = try Self.traces(of: large.blob, vault: vault, plaintext: Array(try Data(contentsOf: URL(fileURLWithPath: folder + "/Face-2024-03-16_081500.jpg"))))
        let smallTraces = try Self.traces(of: small.blob, vault: vault, plaintext: Array(try Data(contentsOf: URL(fileURLWithPath: folder + "/Face-2024-03-15_143022.jpg"))))
        let eventsBefore = try vault.rawEvents().count

        #expect(try Self.files(in: vault.path, containing: largeTraces.sealed) == ["data.mdb"], "the search finds what is stored")
        let forgotten = try vault.ok(["forget", large.id, "--no-compact"])
        #expect(forgotten.contains("erased blob \(large.blob) of event \(large.id)"))
        let compacted = try vault.ok(["compact"])
        #expect(compacted.contains("compacted \(vault.path)/data.mdb"))
        for (what, bytes) in largeTraces.all {
            #expect(try Self.files(in: vault.path, containing: bytes).isEmpty, "the erased \(what) is still in the vault's files")
        }

        let shown = try vault.run(["show", large.id, "--image", vault.root + "/out.jpg"])
        #expect(shown.status == 65)
        #expect(shown.stderr.contains("was erased: its key is destroyed"))
        try vault.ok(["show", small.id, "--image", vault.root + "/small.jpg"])
        #expect(FileManager.default.contents(atPath: vault.root + "/small.jpg").map(Array.init) == smallTraces.plaintext, "other images are untouched")

        // The small image lives inside a leaf page rather than on pages of its own.
        // By its short id, as `log` shows it.
        #expect(try vault.ok(["forget", String(small.id.prefix(8))]).contains("compacted"))
        for (what, bytes) in smallTraces.all {
            #expect(try Self.files(in: vault.path, containing: bytes).isEmpty, "the erased small \(what) is still in the vault's files")
        }

        let events = try vault.rawEvents()
        #expect(events.count == eventsBefore + 2, "each forget records one subject.erased event; nothing else changes")
        let erasures = events.filter { $0["kind"] as? String == "subject.erased" }.compactMap { $0["payload"] as? [String: Any] }
        #expect(erasures.map { $0["target"] as? String } == [large.id, small.id])
        #expect(erasures.map { $0["blob"] as? String } == [large.blob, small.blob])
        #expect(try vault.run(["audit"]).status == 0)
        #expect(try vault.ok(["forget", large.id]).contains("was already erased"))
        try vault.ok(["mood", "6"])
    }

    @Test func forgetRefusesAnEventWithoutAnImage() throws {
        let vault = try CLIVault()
        try vault.ok(["mood", "5", "--id", "0123456789abcdef0123456789abcdef"])
        let result = try vault.run(["forget", "0123456789abcdef0123456789abcdef"])
        #expect(result.status == 65)
        #expect(result.stderr.contains("has no image to erase"))
        #expect(result.stderr.contains("healthledger retract 0123456789abcdef0123456789abcdef"))
        let byNumber = try vault.run(["forget", "#0"])
        #expect(byNumber.status == 65 && byNumber.stderr.contains("event 0123456789abcdef0123456789abcdef (mood.rated) has no image to erase"), "#N names the event: \(byNumber.stderr)")
    }

    @Test func compactRefusesWhileAnotherProcessHasTheVaultOpenAndChangesNothing() throws {
        let vault = try CLIVault()
        try vault.ok(["mood", "5"])
        let before = FileManager.default.contents(atPath: vault.path + "/data.mdb")
        let holder = try Environment(path: vault.path, mapSize: 1 << 20)
        let result = try vault.run(["compact"])
        withExtendedLifetime(holder) {}
        #expect(result.status == 74)
        #expect(result.stderr.contains("another program has the vault open"))
        #expect(FileManager.default.contents(atPath: vault.path + "/data.mdb") == before)
    }
}
