import Foundation
import Testing
import TestSupport

/// `import apple-health` on generated exports with every quirk the generator knows (iOS 16's
/// broken DTD, control characters, offsets, locale-formatted beat times, units in metadata)
/// and localized document names; the generator's manifest is the independent count.
@Suite struct GeneratedExportImportTests {
    @Test(arguments: ["export.xml", "exportar.xml", "导出.xml", "Export.xml"])
    func quirkyExportImportsEveryRecordOnce(_ documentName: String) throws {
        let vault = try CLIVault()
        let zip = vault.root + "/export.zip", manifestFile = vault.root + "/manifest.json"
        let generated = try ExportGeneratorCLI.generate([
            "--records", "4000", "--seed", "7", "--xml-name", documentName, "--out", zip, "--manifest", manifestFile,
        ])
        try #require(generated.status == 0, "\(generated.stderr)")
        let manifest = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: manifestFile))) as! [String: Any]
        let total = try #require(manifest["total"] as? Int)
        let beats = try #require(manifest["hrvRecordsWithBeats"] as? Int)

        let output = try vault.ok(["import", "apple-health", zip, "--json"])
        let summary = try JSONSerialization.jsonObject(with: Data(output.utf8)) as! [String: Any]
        #expect(summary["read"] as? Int == total)
        #expect(summary["skipped"] as? Int == 0, "\(summary["skips"] ?? "")")
        #expect(summary["stored"] as? Int == total + beats)
        let byType = try #require(summary["byType"] as? [String: Int])
        for (type, count) in try #require(manifest["recordsByType"] as? [String: Int]) {
            #expect(byType[type] == count, "\(type)")
        }
        let elements = try #require(manifest["elements"] as? [String: Int])
        #expect(byType["Workout"] == elements["Workout"])
        #expect(byType["ActivitySummary"] == elements["ActivitySummary"])
        #expect(byType["Electrocardiogram"] == manifest["ecgFiles"] as? Int)

        let again = try JSONSerialization.jsonObject(with: Data(try vault.ok(["import", "apple-health", zip, "--json"]).utf8)) as! [String: Any]
        #expect(again["stored"] as? Int == 0)
        #expect(try vault.ok(["replay", "--dry-run"]).contains("no change"))
    }
}
