import Foundation
import LedgerCore
import LedgerCrypto
import LedgerStore
import Testing
@testable import HealthBundle

@Suite struct BundleImportTests {
    @Test func facesTravelWithTheirImagesUnderTheNewVaultsOwnBlobNames() throws {
        let source = try BundleFixture()
        let image = (0..<5_000).map { UInt8(truncatingIfNeeded: $0 * 7) }
        let blob = try source.ledger.storeBlob(image)
        let capture = Event(FaceCaptured(imageBlob: blob), start: BundleFixture.time(3), utcOffset: BundleFixture.offset)
        try source.ledger.append([capture])
        let withoutFaces = try source.export().manifest
        #expect(withoutFaces.counts["events.face.captured"] == nil, "faces stay out unless asked")
        let (bytes, manifest) = try source.export(BundleSelection(includeFaces: true))
        #expect(manifest.counts["faces"] == 1)

        let target = try BundleFixture(empty: true)
        let summary = try BundleImporter(ledger: target.ledger).run(expectedSigner: nil) { MemoryStream(bytes) }
        #expect(summary.appended == BundleFixture.events().count + 1)
        let imported = try #require(try target.ledger.event(id: capture.id))
        let newName = try #require(try imported.event.decode(FaceCaptured.self).imageBlob)
        #expect(try target.ledger.blob(named: newName) == image)

        let twice = try BundleImporter(ledger: target.ledger).run(expectedSigner: nil) { MemoryStream(bytes) }
        #expect(twice.appended == 0)
        #expect(twice.duplicates == summary.appended)
    }

    @Test func aTamperedBundleStoresNothing() throws {
        let (bytes, _) = try BundleFixture().export()
        let tampered = try BundleVerificationTests.rewrite(bytes) { name, content in name == "report.pdf" ? content + [0x20] : content }
        let target = try BundleFixture(empty: true)
        #expect(throws: BundleError.self) { try BundleImporter(ledger: target.ledger).run(expectedSigner: nil) { MemoryStream(tampered) } }
        #expect(try target.ledger.count() == 0)
    }
}
