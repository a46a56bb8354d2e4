import Foundation
import LedgerCore
import LedgerCrypto
import Testing
import TestSupport
@testable import HealthBundle

/// Someone who can decrypt a bundle (its recipient) changes what is inside and encrypts it
/// again with Debian's `age`: the age layer is intact, so `healthledger open` must catch
/// the change from the signed manifest alone.
@Suite struct ReEncryptedTamperTests {
    enum Change: CaseIterable {
        case fileModified, manifestSignedByAnotherKey

        func apply(_ zip: [UInt8]) throws -> [UInt8] {
            let other = SigningKey(seed: SecretBytes.random(32))
            var manifest: [UInt8] = []
            return try BundleVerificationTests.rewrite(zip) { name, content in
                switch (self, name) {
                case (.fileModified, "events.jsonl"): return content + Array("{}\n".utf8)
                case (.manifestSignedByAnotherKey, "manifest.json"):
                    manifest = content
                    return content
                case (.manifestSignedByAnotherKey, "manifest.sig"): return Array((Data(other.sign(manifest)).base64EncodedString() + "\n").utf8)
                default: return content
                }
            }
        }

        var expected: (status: Int32, says: String) {
            switch self {
            case .fileModified: (25, "events.jsonl does not match the SHA-256")
            case .manifestSignedByAnotherKey: (24, "signature does not verify")
            }
        }
    }

    @Test(arguments: Change.allCases) func openNamesTheChangeWithItsExitCode(_ change: Change) throws {
        let scratch = try ScratchDirectory()
        let folder = scratch.url.path
        let keygen = try ExternalTool.run("age-keygen", ["-o", folder + "/key.txt"])
        let recipient = try #require(keygen.stderr.firstMatch(of: /age1[0-9a-z]+/)).0
        try Data(try change.apply(BundleFixture().export().bytes)).write(to: URL(fileURLWithPath: folder + "/inner.zip"))
        #expect(try ExternalTool.run("age", ["-r", String(recipient), "-o", folder + "/bundle.age", folder + "/inner.zip"]).status == 0)
        let opened = try CLI.run(["open", folder + "/bundle.age", "--identity", folder + "/key.txt"])
        #expect(opened.status == change.expected.status, "\(opened.stderr)")
        #expect(opened.stderr.contains(change.expected.says), "\(opened.stderr)")
    }
}
