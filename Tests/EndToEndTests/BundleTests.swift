import Foundation
import Testing
import TestSupport

/// A demo vault, an age key pair made by Debian's `age-keygen`, and bundles made from them.
final class BundleScene {
    let vault: String
    let root: String
    let identity: String
    let recipient: String
    let passphraseFile: String
    static let demoPassphrase = "demo passphrase"

    init(days: Int = 14) throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("hl-bundle-e2e-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        vault = root + "/vault"
        // Whole days whatever the hour the tests run (a demo ending today stops at this
        // moment): its history ends yesterday where the demo's person lives (+01:00).
        let format = DateFormatter()
        format.dateFormat = "yyyy-MM-dd"
        format.timeZone = TimeZone(secondsFromGMT: 3_600)
        let yesterday = format.string(from: Date().addingTimeInterval(-86_400))
        let demo = try CLI.run(["demo", "--vault", vault, "--days", String(days), "--until", yesterday])
        guard demo.status == 0 else { throw CLIError(message: "demo failed: \(demo.stderr)") }
        passphraseFile = root + "/vault-passphrase"
        try writeSecret("\(Self.demoPassphrase)\n", toFile: passphraseFile)
        identity = root + "/key.txt"
        let keygen = try ExportGeneratorCLI.run("age-keygen", ["-o", identity])
        guard keygen.status == 0, let key = keygen.stderr.firstMatch(of: /age1[0-9a-z]+/) else {
            throw CLIError(message: "age-keygen failed (install Debian's age): \(keygen.stderr)")
        }
        recipient = String(key.0)
    }

    /// Runs a command against the demo vault.
    func run(_ arguments: [String]) throws -> CLI.Result {
        try CLI.run(arguments + ["--vault", vault, "--passphrase-file", passphraseFile])
    }

    /// Exports a bundle for the key pair; returns its path.
    func export(_ name: String = "bundle.age", _ more: [String] = []) throws -> String {
        let path = root + "/" + name
        let result = try run(["export", "bundle", "--out", path, "--recipient", recipient] + more)
        guard result.status == 0 else { throw CLIError(message: "export bundle failed: \(result.stderr)") }
        return path
    }

    deinit { try? FileManager.default.removeItem(atPath: root) }
}

@Suite struct BundleTests {
    @Test func debiansAgeDecryptsABundleMadeForARecipientIntoTheZip() throws {
        let scene = try BundleScene()
        let bundle = try scene.export()
        let zip = scene.root + "/inner.zip"
        let decrypted = try ExportGeneratorCLI.run("age", ["-d", "-i", scene.identity, "-o", zip, bundle])
        #expect(decrypted.status == 0, "\(decrypted.stderr)")
        let listing = try ExportGeneratorCLI.run("unzip", ["-l", zip])
        let names = String(decoding: listing.stdout, as: UTF8.self)
        for name in ["manifest.json", "manifest.sig", "events.jsonl", "report.pdf", "fhir/bundle.json", "daily/2026/"] {
            #expect(names.contains(name), "\(name) in \(names)")
        }
        let tested = try ExportGeneratorCLI.run("unzip", ["-t", zip])
        #expect(String(decoding: tested.stdout, as: UTF8.self).contains("No errors detected"))
    }

    /// The age file's regions: where its payload starts, and the size of a sealed chunk.
    static func payloadStart(_ bytes: [UInt8]) throws -> Int {
        let text = [UInt8]("\n--- ".utf8)
        let mac = try #require((0..<bytes.count - text.count).first { Array(bytes[$0..<$0 + text.count]) == text })
        let lineEnd = try #require(bytes[(mac + 1)...].firstIndex(of: 0x0a))
        return lineEnd + 1 + 16
    }

    static let sealedChunk = 64 * 1024 + 16

    enum Damage: String, CaseIterable {
        case headerMAC, middleChunk, lastChunk, trailingBytes, truncatedAtAChunk

        func apply(_ bytes: [UInt8]) throws -> [UInt8] {
            var bytes = bytes
            let payload = try BundleTests.payloadStart(bytes)
            switch self {
            case .headerMAC:
                // Another base64 letter, four from the MAC's end: flipping a bit instead turned
                // some (a '+', a 'Y') into bytes that are not base64, a different error.
                let mac = payload - 16 - 5
                bytes[mac] = bytes[mac] == UInt8(ascii: "A") ? UInt8(ascii: "B") : UInt8(ascii: "A")
            case .middleChunk: bytes[payload + BundleTests.sealedChunk * 2 + 1_000] ^= 0x01
            case .lastChunk: bytes[bytes.count - 20] ^= 0x01
            case .trailingBytes: bytes += Array("appended".utf8)
            case .truncatedAtAChunk: bytes.removeLast(bytes.count - payload - BundleTests.sealedChunk * 3)
            }
            return bytes
        }

        var expected: (status: Int32, says: String) {
            switch self {
            case .headerMAC: (20, "header was modified")
            case .middleChunk: (21, "chunk 2 failed authentication")
            case .lastChunk: (21, "failed authentication")
            case .trailingBytes: (23, "appended")
            case .truncatedAtAChunk: (22, "truncated")
            }
        }
    }

    @Test(arguments: Damage.allCases) func eachDamagedRegionIsNamedWithItsOwnExitCode(_ damage: Damage) throws {
        let scene = try BundleScene(days: 10)
        let bundle = try scene.export()
        let original = try [UInt8](Data(contentsOf: URL(fileURLWithPath: bundle)))
        #expect(original.count > BundleTests.sealedChunk * 4, "the bundle spans several chunks")
        let damaged = scene.root + "/damaged.age"
        try Data(try damage.apply(original)).write(to: URL(fileURLWithPath: damaged))
        let opened = try CLI.run(["open", damaged, "--identity", scene.identity])
        #expect(opened.status == damage.expected.status, "\(damage): \(opened.stderr)")
        #expect(opened.stderr.contains(damage.expected.says), "\(opened.stderr)")
        let extracted = try CLI.run(["open", damaged, "--identity", scene.identity, "--extract", scene.root + "/out"])
        #expect(extracted.status == damage.expected.status)
        #expect(!FileManager.default.fileExists(atPath: scene.root + "/out"), "nothing is left from a bundle that failed")
    }

    @Test func theWrongKeyOrPassphraseIsExitCode77() throws {
        let scene = try BundleScene(days: 3)
        let bundle = try scene.export()
        let other = scene.root + "/other.txt"
        _ = try ExportGeneratorCLI.run("age-keygen", ["-o", other])
        let wrongKey = try CLI.run(["open", bundle, "--identity", other])
        #expect(wrongKey.status == 77)
        #expect(wrongKey.stderr.contains("no identity matches"))
        let secret = scene.root + "/bundle-passphrase", wrong = scene.root + "/wrong"
        try writeSecret("for the doctor\n", toFile: secret)
        try writeSecret("not it\n", toFile: wrong)
        let sealed = scene.root + "/p.age"
        #expect(try scene.run(["export", "bundle", "--out", sealed, "--bundle-passphrase-file", secret]).status == 0)
        #expect(try CLI.run(["open", sealed, "--bundle-passphrase-file", wrong]).status == 77)
        let opened = try CLI.run(["open", sealed, "--bundle-passphrase-file", secret, "--json"])
        #expect(opened.status == 0, "\(opened.stderr)")
        let listing = try JSONSerialization.jsonObject(with: Data(opened.stdout.utf8)) as? [String: Any]
        #expect(listing?["verified"] as? Bool == true)
    }

    @Test func aRoundTripGivesAnotherVaultTheSameEventsDailyMetricsBudgetsAndModelsAndAddsNothingTwice() throws {
        let scene = try BundleScene(days: 21)
        let bundle = try scene.export("all.age", ["--include-faces"])
        let target = try CLIVault()
        // Another vault of the same person: its settings are asked for (a bundle's are refused unless asked).
        let imported = try target.ok(["import", "bundle", bundle, "--identity", scene.identity, "--accept-settings", "--json"])
        let summary = try JSONSerialization.jsonObject(with: Data(imported.utf8)) as? [String: Any]
        let sourceIDs = Set(try scene.run(["log", "--raw", "--json"]).stdout.split(separator: "\n").compactMap { line in
            (try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["id"] as? String
        })
        #expect(summary?["stored"] as? Int == sourceIDs.count)
        #expect(Set(try target.rawEvents().compactMap { $0["id"] as? String }) == sourceIDs, "every event keeps its id")
        let range = ["--from", "2025-12-01", "--to", "2026-12-31"]
        #expect(try target.ok(["daily", "--json"] + range) == (try scene.run(["daily", "--json"] + range).stdout))
        for date in ["2026-01-10", "2026-01-20"] {
            #expect(try target.ok(["budget", "--json", "--date", date]) == (try scene.run(["budget", "--json", "--date", date]).stdout))
        }
        // The face captures travel with --include-faces, so the models train on the same pairs.
        let models = try target.ok(["models", "--json"])
        #expect(models == (try scene.run(["models", "--json"]).stdout))
        #expect(models.contains("\"target\":\"sleep-score\",\"status\":\"trained\""))
        let again = try JSONSerialization.jsonObject(with: Data(try target.ok(["import", "bundle", bundle, "--identity", scene.identity, "--json"]).utf8)) as? [String: Any]
        #expect(again?["stored"] as? Int == 0)
        #expect(again?["alreadyStored"] as? Int == sourceIDs.count)
    }
}
