import Foundation
import Testing
import TestSupport

/// Issue 27, cases 1, 3, 4 and 5 through the command line: real and generated exports,
/// and the product's own daily export imported back.
@Suite struct DailyNumbersTests {
    static func metrics(_ vault: CLIVault, _ date: String) throws -> [String: Double] {
        let line = try vault.ok(["daily", "--from", date, "--to", date, "--json"])
        let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as! [String: Any]
        return object["metrics"] as? [String: Double] ?? [:]
    }

    static func write(_ text: String, _ path: String) throws {
        try text.write(toFile: path, atomically: true, encoding: .utf8)
    }

    static func record(_ type: String, _ source: String, _ start: String, _ end: String, value: String? = nil) -> String {
        #"<Record type="\#(type)" sourceName="\#(source)" startDate="\#(start)" endDate="\#(end)"\#(value.map { " value=\"\($0)\"" } ?? "")/>"#
    }

    static func export(_ records: [String]) -> String {
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<HealthData locale=\"en_US\">\n<ExportDate value=\"2024-01-02 10:00:00 +0200\"/>\n"
            + records.joined(separator: "\n") + "\n</HealthData>\n"
    }

    /// The real export of apple-health-parser (iPhone in bed, Watch core sleep on 1 January
    /// 2024) with the same app writing the night twice over, as a 2017 export did.
    @Test func theRealExportsNightCountsOnceWhenItsSamplesOverlap() throws {
        let vault = try CLIVault()
        let real = try String(contentsOfFile: AppleHealthFixtures.path("apple-health-parser/export.xml"), encoding: .utf8)
        let sleep = "HKCategoryTypeIdentifierSleepAnalysis"
        let overlapping = [
            Self.record(sleep, "Sleep Cycle", "2024-01-01 00:10:00 +0200", "2024-01-01 08:18:00 +0200", value: "HKCategoryValueSleepAnalysisAsleep"),
            Self.record(sleep, "Sleep Cycle", "2024-01-01 01:00:00 +0200", "2024-01-01 07:00:00 +0200", value: "HKCategoryValueSleepAnalysisAsleep"),
            Self.record(sleep, "Sleep Cycle", "2024-01-01 00:05:00 +0200", "2024-01-01 08:20:00 +0200", value: "HKCategoryValueSleepAnalysisInBed"),
        ]
        let path = vault.root + "/export.xml"
        try Self.write(real.replacingOccurrences(of: "</HealthData>", with: overlapping.joined(separator: "\n") + "\n</HealthData>"), path)
        try vault.ok(["import", "apple-health", path])
        let day = try Self.metrics(vault, "2024-01-01")
        // The Watch's core 03:27:53–03:40:23 outranks Sleep Cycle; Sleep Cycle's two nights
        // are one: 00:10–08:18, 8 h 08 min in all.
        #expect(abs(day["sleep_total"]! - (8 + 8.0 / 60)) < 1e-9, "15.87 h were counted when overlaps added")
        #expect(abs(day["sleep_core"]! - 12.5 / 60) < 1e-9)
        #expect(abs(day["sleep_in_bed"]! - (8 + 15.0 / 60)) < 1e-9, "the two sources' in-bed union")
        #expect(day["naps"] == 0)
    }

    @Test func categoryRecordsWithoutAValueAreImportedAndCounted() throws {
        let vault = try CLIVault()
        let path = vault.root + "/export.xml"
        try Self.write(Self.export([
            Self.record("HKCategoryTypeIdentifierMindfulSession", "Headspace", "2024-01-01 08:00:00 +0200", "2024-01-01 08:10:00 +0200"),
            Self.record("HKCategoryTypeIdentifierMindfulSession", "Calm", "2024-01-01 21:00:00 +0200", "2024-01-01 21:05:00 +0200"),
            Self.record("HKCategoryTypeIdentifierHighHeartRateEvent", "Apple Watch", "2024-01-01 12:00:00 +0200", "2024-01-01 12:10:00 +0200"),
            Self.record("HKCategoryTypeIdentifierHighHeartRateEvent", "Apple Watch", "2024-01-01 15:00:00 +0200", "2024-01-01 15:10:00 +0200"),
            Self.record("HKCategoryTypeIdentifierHandwashingEvent", "Apple Watch", "2024-01-01 12:00:00 +0200", "2024-01-01 12:00:20 +0200"),
        ]), path)
        let summary = try JSONSerialization.jsonObject(with: Data(try vault.ok(["import", "apple-health", path, "--json"]).utf8)) as! [String: Any]
        #expect(summary["stored"] as? Int == 5)
        #expect(summary["skipped"] as? Int == 0)
        let day = try Self.metrics(vault, "2024-01-01")
        #expect(day["mindful_minutes"] == 15)
        #expect(day["high_heart_rate_events"] == 2)
        #expect(day["handwashing"] == 1)
    }

    // MARK: Round trips over a generated export

    /// Columns `import sharehealth` cannot hold: workouts need times and activity types, and
    /// the ledger's own kinds (mood, fatigue, doses, symptoms) are not ShareHealth's.
    static let notImportable: Set<String> = [
        "Workouts (count)", "Workout Time (min)", "Mood [Avg] (0-1)", "Mood [Min] (0-1)", "Mood [Max] (0-1)", "Mood Ratings (count)",
        "Fatigue [Avg] (0-1)", "Fatigue Ratings (count)", "Doses Taken (count)", "Symptoms Reported (count)",
        "Symptom Severity [Max] (0-3)", "Symptom Severity [Avg] (0-3)",
    ]

    static func cells(_ csv: String) -> [[String]] {
        csv.split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
    }

    /// A generated Apple Health export of 64 days, imported; `export daily` of every day,
    /// imported back into an empty vault (case 4) and into the same vault (case 3).
    @Test func exportDailyImportedBackGivesTheSameDailyCSV() throws {
        let vault = try CLIVault()
        let archive = vault.root + "/export.zip", manifestFile = vault.root + "/manifest.json"
        let generated = try ExportGeneratorCLI.generate(["--records", "70000", "--seed", "11", "--no-quirks", "--out", archive, "--manifest", manifestFile])
        try #require(generated.status == 0, "\(generated.stderr)")
        let manifest = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: manifestFile))) as! [String: Any]
        let days = try #require(manifest["days"] as? Int)
        try #require(days >= 60, "the round trips need 60 days; the generator wrote \(days)")
        let from = try #require(manifest["firstDay"] as? String)
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withFullDate]
        let to = formatter.string(from: formatter.date(from: from)!.addingTimeInterval(Double(days - 1) * 86_400))
        try vault.ok(["import", "apple-health", archive])
        let written = try vault.ok(["daily", "--from", from, "--to", to, "--csv"])
        let folder = vault.root + "/daily"
        try vault.ok(["export", "daily", folder, "--from", from, "--to", to])

        // Case 4: into an empty vault, every column the export wrote comes back.
        let empty = try CLIVault()
        try empty.ok(["import", "sharehealth", folder])
        let rows = Self.cells(written), rowsBack = Self.cells(try empty.ok(["daily", "--from", from, "--to", to, "--csv"]))
        try #require(rows.count == rowsBack.count && rows.count == days + 1)
        let header = rows[0]
        #expect(rowsBack[0] == header)
        var compared = Set<String>()
        for (row, rowBack) in zip(rows.dropFirst(), rowsBack.dropFirst()) {
            #expect(row[0] == rowBack[0])
            for (index, cell) in row.enumerated() where index > 0 && !cell.isEmpty && !Self.notImportable.contains(header[index]) {
                compared.insert(header[index])
                #expect(rowBack[index] == cell, "\(row[0]) \(header[index])")
            }
        }
        for column in ["Step Count (count)", "Heart Rate [Avg] (count/min)", "Heart Rate [Min] (count/min)", "Sleep Analysis [Total] (hr)", "Bedtime", "Wake Time"] {
            #expect(compared.contains(column), "the generated export has no \(column) to compare")
        }

        // Case 3: into the same vault, no day changes.
        try vault.ok(["import", "sharehealth", folder])
        #expect(try vault.ok(["daily", "--from", from, "--to", to, "--csv"]) == written)
    }
}
