import Foundation
import Testing
import TestSupport
import ZIPFoundation

/// `healthledger import apple-health` on real exports from public projects.
@Suite struct AppleHealthImportTests {
    /// Each fixture: what to import, and the document to count independently.
    static let fixtures: [(input: String, document: String)] = [
        ("apple-health-parser/export.zip", "apple-health-parser/export.xml"),
        ("apple-health-parser/export.xml", "apple-health-parser/export.xml"),
        ("applehealthdata/export6s3sample.xml", "applehealthdata/export6s3sample.xml"),
        ("health-data-parser/export.zip", "health-data-parser/export.xml"),
        ("health-data-parser/export.xml", "health-data-parser/export.xml"),
        ("healthkit-to-sqlite/export.xml", "healthkit-to-sqlite/export.xml"),
        ("healthkit-to-sqlite/zip_contents", "healthkit-to-sqlite/zip_contents/apple_health_export/export.xml"),
    ]

    func importJSON(_ vault: CLIVault, _ input: String) throws -> [String: Any] {
        let output = try vault.ok(["import", "apple-health", input, "--json"])
        return try JSONSerialization.jsonObject(with: Data(output.utf8)) as! [String: Any]
    }

    @Test(arguments: fixtures.map(\.input))
    func fixtureImportsWithExactCountsAndReimportsNothing(_ input: String) throws {
        let document = Self.fixtures.first { $0.input == input }!.document
        let expected = try AppleHealthFixtures.expected(xml: AppleHealthFixtures.path(document))
        let vault = try CLIVault()
        let first = try importJSON(vault, AppleHealthFixtures.path(input))
        #expect(first["byType"] as? [String: Int] == expected.byType)
        #expect(first["read"] as? Int == expected.total)
        #expect(first["skipped"] as? Int == 0)
        // Every element is one event; an HRV record with beats is two (the sample and its beats).
        #expect(first["stored"] as? Int == expected.total + expected.recordsWithBeats)
        #expect(try vault.rawEvents().count == expected.total + expected.recordsWithBeats)

        let again = try importJSON(vault, AppleHealthFixtures.path(input))
        #expect(again["stored"] as? Int == 0)
        #expect(again["alreadyStored"] as? Int == expected.total + expected.recordsWithBeats)
        // The views folded during the import equal a rebuild from the log.
        #expect(try vault.ok(["replay", "--dry-run"]).contains("no change"))
    }

    @Test func theZipAndItsUnzippedDocumentGiveTheSameEvents() throws {
        let fromZip = try CLIVault(), fromXML = try CLIVault()
        try fromZip.ok(["import", "apple-health", AppleHealthFixtures.path("health-data-parser/export.zip")])
        try fromXML.ok(["import", "apple-health", AppleHealthFixtures.path("health-data-parser/export.xml")])
        #expect(try ImportResumeTests.contents(fromZip) == ImportResumeTests.contents(fromXML))
    }

    @Test func routesFromGPXFilesAndInlineLocationsAreStored() throws {
        let vault = try CLIVault()
        try vault.ok(["import", "apple-health", AppleHealthFixtures.path("health-data-parser/export.zip")])
        let workouts = try vault.rawEvents().filter { $0["kind"] as? String == "workout.recorded" }
        let routed = workouts.filter { (($0["payload"] as? [String: Any])?["route"]) != nil }
        #expect(workouts.count == 8)
        #expect(routed.count == 4)

        let inline = try CLIVault()
        try inline.ok(["import", "apple-health", AppleHealthFixtures.path("healthkit-to-sqlite/export.xml")])
        let workout = try #require(try inline.rawEvents().first { $0["kind"] as? String == "workout.recorded" })
        let route = try #require((workout["payload"] as? [String: Any])?["route"] as? [String: Any])
        #expect((route["lat"] as? [Double])?.count == 2)
    }

    @Test func aTruncatedExportStopsWithLineAndColumnKeepsWhatWasReadAndCompletesAfterRepair() throws {
        let vault = try CLIVault()
        let original = try String(contentsOfFile: AppleHealthFixtures.path("applehealthdata/export6s3sample.xml"), encoding: .utf8)
        let marker = "startDate=\"2014-09-20 10:43:54"
        let cut = String(original[..<original.range(of: marker)!.lowerBound])
        let file = vault.root + "/export.xml"
        try cut.write(toFile: file, atomically: true, encoding: .utf8)

        let failed = try vault.run(["import", "apple-health", file])
        #expect(failed.status == 65)
        let expectedLine = cut.split(separator: "\n", omittingEmptySubsequences: false).count
        #expect(failed.stderr.contains("line \(expectedLine), column"), "\(failed.stderr)")
        #expect(failed.stderr.contains("truncated"))
        let kept = try vault.rawEvents().count
        // Me and every Record before the one the cut runs through.
        #expect(kept == cut.components(separatedBy: "<Record ").count - 2 + cut.components(separatedBy: "<Me ").count - 1)
        #expect(kept > 5)

        try original.write(toFile: file, atomically: true, encoding: .utf8)
        let repaired = try importJSON(vault, file)
        #expect(repaired["alreadyStored"] as? Int == kept)
        let complete = try CLIVault()
        try complete.ok(["import", "apple-health", file])
        #expect(try ImportResumeTests.contents(vault) == ImportResumeTests.contents(complete))
    }

    @Test func garbledXMLNamesLineAndColumn() throws {
        let vault = try CLIVault()
        let original = try String(contentsOfFile: AppleHealthFixtures.path("apple-health-parser/export.xml"), encoding: .utf8)
        let garbled = original.replacingOccurrences(of: "unit=\"kcal\" creationDate", with: "unit=\"kcal creationDate")
        let file = vault.root + "/export.xml"
        try garbled.write(toFile: file, atomically: true, encoding: .utf8)
        let failed = try vault.run(["import", "apple-health", file])
        #expect(failed.status == 65)
        #expect(failed.stderr.contains("export.xml: line "))
        #expect(failed.stderr.contains(", column "))
    }

    @Test func aTruncatedOrCorruptedZipIsAClearErrorAndStoresNothingWrong() throws {
        let vault = try CLIVault()
        let original = try Data(contentsOf: URL(fileURLWithPath: AppleHealthFixtures.path("health-data-parser/export.zip")))

        let truncated = vault.root + "/truncated.zip"
        try original.prefix(original.count / 2).write(to: URL(fileURLWithPath: truncated))
        let cut = try vault.run(["import", "apple-health", truncated])
        #expect(cut.status == 65)
        #expect(cut.stderr.contains("truncated.zip: the zip cannot be read"), "\(cut.stderr)")

        // A flipped byte inside the compressed document: inflating fails or the checksum differs.
        var flipped = original
        let documentOffset = try #require(original.range(of: Data("export.xml".utf8))).upperBound
        flipped[documentOffset + 200] ^= 0xFF
        let corrupted = vault.root + "/corrupted.zip"
        try flipped.write(to: URL(fileURLWithPath: corrupted))
        let damaged = try vault.run(["import", "apple-health", corrupted])
        #expect(damaged.status == 65)
        #expect(damaged.stderr.contains("corrupted.zip"), "\(damaged.stderr)")
        #expect(try vault.run(["audit"]).status == 0)
    }

    @Test func anUnreadableECGIsSkippedWithItsReasonAndTheRestIsStored() throws {
        let vault = try CLIVault()
        let export = vault.root + "/apple_health_export"
        let recordings = export + "/electrocardiograms"
        try FileManager.default.createDirectory(atPath: recordings, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: AppleHealthFixtures.path("apple-health-parser/export.xml"), toPath: export + "/export.xml")
        let ecgFixtures = AppleHealthFixtures.folder + "/../electrocardiograms/"
        try FileManager.default.copyItem(atPath: ecgFixtures + "ecg_2023-05-01_dot.csv", toPath: recordings + "/ecg_2023-05-01.csv")
        try FileManager.default.copyItem(atPath: ecgFixtures + "ecg_2023-05-02_malformed.csv", toPath: recordings + "/ecg_2023-05-02.csv")

        let output = try vault.ok(["import", "apple-health", vault.root, "--json"])
        let summary = try JSONSerialization.jsonObject(with: Data(output.utf8)) as! [String: Any]
        #expect((summary["byType"] as? [String: Int])?["Electrocardiogram"] == 2)
        #expect(summary["skipped"] as? Int == 1)
        let skip = try #require((summary["skips"] as? [[String: Any]])?.first)
        #expect((skip["reason"] as? String)?.hasPrefix("ECG ") == true)
        #expect((skip["examples"] as? [String])?.first?.hasPrefix("electrocardiograms/ecg_2023-05-02.csv") == true)
        #expect(try vault.rawEvents().filter { $0["kind"] as? String == "ecg.recorded" }.count == 1)
    }

    @Test func aZipWithoutAnExportDocumentIsAClearError() throws {
        let vault = try CLIVault()
        let zip = vault.root + "/photos.zip"
        let archive = try Archive(url: URL(fileURLWithPath: zip), accessMode: .create, pathEncoding: nil)
        let text = Data("not health data".utf8)
        try archive.addEntry(with: "notes.txt", type: .file, uncompressedSize: Int64(text.count)) { position, size in
            text.subdata(in: Int(position)..<Int(position) + size)
        }
        let failed = try vault.run(["import", "apple-health", zip])
        #expect(failed.status == 65)
        #expect(failed.stderr.contains("photos.zip holds no Apple Health export document"))
        #expect(try vault.rawEvents().isEmpty)

        let missing = try vault.run(["import", "apple-health", vault.root + "/nothing.zip"])
        #expect(missing.status == 66)
        #expect(missing.stderr.contains("nothing.zip: no such file"))
    }
}
