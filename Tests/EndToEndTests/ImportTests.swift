import Foundation
import Testing
import TestSupport

@Suite struct ImportTests {
    /// The HealthImport unit tests' hand-written folders (see their README.md).
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("HealthImportTests/Fixtures").path

    func summary(_ output: String) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: Data(output.utf8)) as! [String: Any]
    }

    @Test func shareHealthCSVsImportOnceAndTheDailyViewReadsThemBack() throws {
        let vault = try CLIVault()
        let folder = Self.fixtures + "/sharehealth"
        let first = try vault.ok(["import", "sharehealth", folder, "--zone", "Europe/Paris"])
        #expect(first.hasPrefix("\(folder): 25 records read in "))
        #expect(first.contains("25 stored, 0 already stored, 2 skipped"))
        #expect(first.contains("         2 StepCount\n"))
        #expect(first.contains("         1 column not recognised: Notes"))
        #expect(try vault.rawEvents().count == 25)

        let again = try summary(vault.ok(["import", "sharehealth", folder, "--zone", "Europe/Paris", "--json"]))
        #expect(again["stored"] as? Int == 0)
        #expect(again["alreadyStored"] as? Int == 25)
        #expect(try vault.rawEvents().count == 25)

        let day = try summary(vault.ok(["daily", "--from", "2024-01-15", "--to", "2024-01-15", "--json"]))
        let metrics = try #require(day["metrics"] as? [String: Double])
        #expect(metrics["step_count"] == 8543)
        #expect(metrics["oxygen_saturation"] == 97)
        #expect(metrics["sleep_total"] == 7.25)
        #expect(metrics["sleep_in_bed"] == 8)
        #expect(metrics["bedtime"] == 22.75)
        #expect(metrics["wake_time"] == 6.5)
        #expect(metrics["ring_move_goal"] == 500)
        #expect(metrics["handwashing"] == 4)
        #expect(metrics["mindful_minutes"] == 10)
        #expect(metrics["heart_rate_avg"] == 72.5, "the [Avg] column, not the mean of min, avg and max")
        #expect(metrics["heart_rate_min"] == 52)
        #expect(metrics["heart_rate_max"] == 131)
    }

    @Test func faceCapturesImportOnceTheOneWithoutMetricsIsReportedAndTheImageComesBackIdentical() throws {
        let vault = try CLIVault()
        let folder = Self.fixtures + "/faces"
        let first = try vault.ok(["import", "faces", folder, "--zone", "Europe/Paris"])
        #expect(first.hasPrefix("\(folder): 12 records read in "))
        #expect(first.contains("11 stored, 1 already stored, 2 skipped"))
        #expect(first.contains("         1 no metrics JSON of the same name beside the image or in annotations/mediapipe/ — e.g. \(folder)/flat/Face-2024-03-18_070000.jpg"))

        let again = try summary(vault.ok(["import", "faces", folder, "--zone", "Europe/Paris", "--json"]))
        #expect(again["stored"] as? Int == 0)
        #expect(again["alreadyStored"] as? Int == 12)
        #expect((again["skips"] as? [[String: Any]])?.count == 2)

        let faces = try vault.rawEvents().filter { $0["kind"] as? String == "face.captured" }
        #expect(faces.count == 3)
        let capture = try #require(faces.first { $0["start"] as? String == "2024-03-16T08:15:00+01:00" })
        let output = vault.root + "/face.jpg"
        try vault.ok(["show", capture["id"] as! String, "--image", output])
        #expect(FileManager.default.contents(atPath: output) == FileManager.default.contents(atPath: folder + "/flat/Face-2024-03-16_081500.jpg"))
    }

    @Test(arguments: [
        ("sharehealth", "sharehealth-malformed", "/2024/01/HealthMetrics-2024-01-17.csv, line 2, column 'Heart Rate [Avg] (count/min)': 'seventy' is not a number"),
        ("faces", "faces-malformed", "/Face-2024-03-19_120000.json, line 3: not valid JSON"),
    ])
    func aMalformedFileStopsTheImportNamingItAndNothingIsStored(command: String, folder: String, message: String) throws {
        let vault = try CLIVault()
        let result = try vault.run(["import", command, Self.fixtures + "/" + folder])
        #expect(result.status == 65)
        #expect(result.stderr.contains(Self.fixtures + "/" + folder + message), "\(result.stderr)")
        #expect(try vault.rawEvents().isEmpty)
    }

    @Test func aMissingFolderIsMissingInput() throws {
        let vault = try CLIVault()
        let result = try vault.run(["import", "faces", vault.root + "/no-such-folder"])
        #expect(result.status == 66)
        #expect(result.stderr.contains("no-such-folder: no such folder"))
    }

    @Test func anEventWithoutAnImageSaysSo() throws {
        let vault = try CLIVault()
        try vault.ok(["mood", "6"])
        let id = try vault.rawEvents()[0]["id"] as! String
        let result = try vault.run(["show", id, "--image", vault.root + "/none.jpg"])
        #expect(result.status == 65)
        #expect(result.stderr.contains("has no image"))
    }
}
