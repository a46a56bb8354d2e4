import Foundation
import LedgerCore
import LedgerCrypto
import LedgerStore
import Testing
@testable import HealthBundle
import Zip

@Suite struct BundleVerificationTests {
    /// The bundle's zip rewritten entry by entry, `change` deciding each entry's new bytes.
    static func rewrite(_ bytes: [UInt8], _ change: (String, [UInt8]) -> [UInt8]) throws -> [UInt8] {
        let reader = ZipStreamReader(source: MemoryStream(bytes))
        let sink = MemoryStream()
        let writer = ZipStreamWriter(sink: sink, modified: (2026, 3, 14, 9, 0, 0))
        while let name = try reader.nextEntry() {
            var content: [UInt8] = []
            try reader.readEntry { content.append(contentsOf: $0) }
            try writer.add(name, change(name, content))
        }
        try writer.finish()
        return sink.bytes
    }

    static func kind(of bytes: [UInt8]) -> BundleError.Kind? {
        do {
            _ = try BundleReader().read(MemoryStream(bytes))
            return nil
        } catch let error as BundleError {
            return error.kind
        } catch {
            return nil
        }
    }

    @Test func anUntouchedBundleVerifiesAndListsEveryFile() throws {
        let fixture = try BundleFixture()
        let (bytes, manifest) = try fixture.export()
        let verified = try BundleReader().read(MemoryStream(bytes))
        #expect(verified.manifest == manifest)
        #expect(verified.checkpoint?.size == UInt64(BundleFixture.events().count))
        let paths = Set(manifest.files.map(\.path))
        #expect(paths.isSuperset(of: ["events.jsonl", "fhir/bundle.json", "report.pdf", "daily/2026/03/HealthMetrics-2026-03-01.csv"]))
        #expect(manifest.counts["days"] == BundleFixture.days)
        #expect(manifest.counts["events"] == BundleFixture.events().count)
        #expect(manifest.firstEventDay == BundleFixture.firstDay)
        #expect(manifest.lastEventDay == BundleFixture.lastDay)
    }

    @Test func aFileChangedAfterSigningIsAHashMismatch() throws {
        let (bytes, _) = try BundleFixture().export()
        let tampered = try Self.rewrite(bytes) { name, content in
            name == "events.jsonl" ? Array(String(decoding: content, as: UTF8.self).replacingOccurrences(of: "\"rating\":7", with: "\"rating\":2").utf8) : content
        }
        #expect(Self.kind(of: tampered) == .hashMismatch)
    }

    @Test func aFileAddedAfterSigningIsAHashMismatch() throws {
        let (bytes, _) = try BundleFixture().export()
        let reader = ZipStreamReader(source: MemoryStream(bytes))
        let sink = MemoryStream()
        let writer = ZipStreamWriter(sink: sink, modified: (2026, 3, 14, 9, 0, 0))
        try writer.add("extra.txt", Array("not signed".utf8))
        while let name = try reader.nextEntry() {
            var content: [UInt8] = []
            try reader.readEntry { content.append(contentsOf: $0) }
            try writer.add(name, content)
        }
        try writer.finish()
        #expect(Self.kind(of: sink.bytes) == .hashMismatch)
    }

    @Test func theZipsPaddingIsNamedInTheSignedManifestAndMayHoldOnlyZeros() throws {
        let (bytes, manifest) = try BundleFixture().export()
        #expect(manifest.padding == "padding")
        #expect(!manifest.files.contains { $0.path == "padding" }, "the padding is not a file of the bundle")
        var padding: [UInt8]?
        let extracted = try BundleReader().read(MemoryStream(bytes)) { path in
            path == "padding" ? .init(consume: { padding = (padding ?? []) + $0 }) : nil
        }
        #expect(extracted.manifest == manifest)
        #expect(padding == nil, "the padding is handed to no one extracting files")
        let filled = try Self.rewrite(bytes) { name, content in name == "padding" ? content + Array("hidden".utf8) : content }
        #expect(Self.kind(of: filled) == .hashMismatch)
    }

    /// Bundles made before the padding entry (manifest version 1, the zip padded inside its
    /// Zip64 end record, which this reader never reads) still open.
    @Test func aVersionOneBundleWithoutThePaddingEntryStillVerifies() throws {
        let fixture = try BundleFixture()
        let (bytes, _) = try fixture.export()
        var manifestBytes: [UInt8] = []
        let reader = ZipStreamReader(source: MemoryStream(bytes))
        let sink = MemoryStream()
        let writer = ZipStreamWriter(sink: sink, modified: (2026, 3, 14, 9, 0, 0))
        while let name = try reader.nextEntry() {
            var content: [UInt8] = []
            try reader.readEntry { content.append(contentsOf: $0) }
            switch name {
            case "padding": continue
            case "manifest.json":
                var document = try JSONParser.parseObject(String(decoding: content, as: UTF8.self))
                document["version"] = .int(1)
                document["padding"] = nil
                manifestBytes = Array((JSONWriter.string(document) + "\n").utf8)
                content = manifestBytes
            case "manifest.sig": content = Array((Data(fixture.ledger.sign(manifestBytes)).base64EncodedString() + "\n").utf8)
            default: break
            }
            try writer.add(name, content)
        }
        try writer.finish()
        let verified = try BundleReader().read(MemoryStream(sink.bytes))
        #expect(verified.manifest.padding == nil)
        #expect(verified.manifest.files.contains { $0.path == "events.jsonl" })
    }

    @Test func aManifestSignedByAnotherKeyIsASignatureMismatch() throws {
        let (bytes, _) = try BundleFixture().export()
        let other = SigningKey(seed: SecretBytes.random(32))
        var manifestBytes: [UInt8] = []
        let forged = try Self.rewrite(bytes) { name, content in
            if name == "manifest.json" { manifestBytes = content }
            return name == "manifest.sig" ? Array((Data(other.sign(manifestBytes)).base64EncodedString() + "\n").utf8) : content
        }
        #expect(Self.kind(of: forged) == .signatureMismatch)
    }

    @Test func aManifestNamingAnotherKeyFailsOnTheCheckpointOrTheExpectedSigner() throws {
        let fixture = try BundleFixture()
        let (bytes, manifest) = try fixture.export()
        let other = SigningKey(seed: SecretBytes.random(32))
        let forged = try Self.rewrite(bytes) { name, content in
            guard name == "manifest.json" || name == "manifest.sig" else { return content }
            var copy = manifest
            copy.publicKey = Data(other.publicKey).base64EncodedString()
            let json = Array((JSONWriter.string(copy.document) + "\n").utf8)
            return name == "manifest.json" ? json : Array((Data(other.sign(json)).base64EncodedString() + "\n").utf8)
        }
        #expect(Self.kind(of: forged) == .signatureMismatch, "the checkpoint is signed by the vault's key, not the forger's")
        #expect(throws: BundleError.self) { try BundleReader(expectedSigner: other.publicKey.map { $0 ^ 1 }).read(MemoryStream(bytes)) }
    }
}
