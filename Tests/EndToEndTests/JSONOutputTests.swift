import Foundation
import Testing
import TestSupport

/// Every command that prints a result prints it as JSON with --json; conflicting output flags are refused alike.
@Suite struct JSONOutputTests {
    static func objects(_ text: String) throws -> [[String: Any]] {
        try text.split(separator: "\n").map { try JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any] }
    }

    @Test func budgetWeekExplainAndReplay() throws {
        let vault = try CLIVault()
        try vault.ok(["eat", "Soup", "--kcal", "1800", "--at", "2026-03-30T12:00:00+02:00"])
        let week = try Self.objects(vault.ok(["budget", "--date", "2026-03-31", "--week", "--json"]))
        #expect((2...3).contains(week.count), "the week's days so far, to Tuesday: \(week)")
        #expect(week.allSatisfy { $0["budget"] is Double })
        let explained = try Self.objects(vault.ok(["budget", "--date", "2026-03-31", "--explain", "--json"]))
        #expect(explained.count == 1 && (explained[0]["explanation"] as? [String])?.isEmpty == false)
        let both = try vault.run(["budget", "--week", "--explain"])
        #expect(both.status == 64)

        let replay = try Self.objects(vault.ok(["replay", "daily-metrics", "--dry-run", "--json"]))
        #expect(replay.count == 1 && replay[0]["view"] as? String == "daily-metrics" && replay[0]["applied"] as? Bool == false, "\(replay)")

        let daily = try vault.run(["daily", "--json", "--csv"])
        #expect(daily.status == 64)
        #expect(daily.stderr.contains("choose one of --json and --csv"), "\(daily.stderr)")
    }

    /// `query --json --format csv` printed JSON and dropped the CSV asked for, where `daily`
    /// refuses its two formats.
    @Test func queryRefusesJSONWithAnotherFormatAsDailyDoes() throws {
        let vault = try CLIVault()
        try vault.ok(["mood", "7", "--at", "2026-03-02T08:00:00+01:00"])
        for arguments in [["--json", "--format", "csv"], ["--format", "table", "--json"]] {
            let both = try vault.run(["query", "mood count"] + arguments)
            #expect(both.status == 64 && both.stdout.isEmpty, "\(arguments): \(both)")
            #expect(both.stderr.contains("choose one of --json and --format"), "\(both.stderr)")
        }
        #expect(try Self.objects(vault.ok(["query", "mood count", "--json", "--format", "json"])).count == 1)
        #expect(try vault.ok(["query", "mood count", "--format", "csv"]) == "mood count (count)\n1\n")
    }

    @Test func theExportSummaries() throws {
        let vault = try CLIVault()
        try vault.ok(["mood", "7", "--at", "2026-03-02T08:00:00+01:00"])
        try vault.ok(["mood", "5", "--at", "2026-03-03T08:00:00+01:00"])
        try vault.ok(["take", "Aspirin", "500mg", "--new", "--at", "2026-03-03T09:00:00+01:00"])
        let daily = try Self.objects(vault.ok(["export", "daily", vault.root + "/daily", "--from", "2026-03-01", "--to", "2026-03-03", "--json"]))
        try #require(daily.count == 1, "\(daily)")
        #expect(daily[0]["days"] as? Int == 3 && daily[0]["written"] as? Int == 3, "\(daily)")
        #expect((daily[0]["failures"] as? [Any])?.isEmpty == true && daily[0]["directory"] as? String == vault.root + "/daily")
        for (what, events) in [("moods", 2), ("medications", 1), ("activities", 0)] {
            let file = vault.root + "/\(what).csv"
            let written = try Self.objects(vault.ok(["export", what, file, "--json"]))
            try #require(written.count == 1, "\(what): \(written)")
            #expect(written[0]["file"] as? String == file && written[0]["events"] as? Int == events, "\(what): \(written)")
        }
    }

    @Test func chartCheckpointAndCompact() throws {
        let vault = try CLIVault()
        for (day, rating) in [(2, 7), (3, 5), (4, 6)] { try vault.ok(["mood", "\(rating)", "--at", "2026-03-0\(day)T08:00:00+01:00"]) }
        let svg = vault.root + "/moods.svg"
        let chart = try Self.objects(vault.ok(["chart", "line", "mood avg by day where between 2026-03-01 and 2026-03-05", "--out", svg, "--json"]))
        try #require(chart.count == 1, "\(chart)")
        let series = try #require(chart[0]["series"] as? [[String: Any]])
        #expect(chart[0]["svg"] as? String == svg && series.count == 1 && series[0]["points"] as? Int == 3, "\(chart)")
        let note = vault.root + "/checkpoint.txt"
        let checkpoint = try Self.objects(vault.ok(["checkpoint", "export", note, "--json"]))
        #expect(checkpoint.count == 1 && checkpoint.first?["size"] as? Int == 3 && checkpoint.first?["file"] as? String == note, "\(checkpoint)")
        let compacted = try Self.objects(vault.ok(["compact", "--json"]))
        try #require(compacted.count == 1, "\(compacted)")
        let before = try #require(compacted[0]["bytesBefore"] as? Int), after = try #require(compacted[0]["bytesAfter"] as? Int)
        let size = try #require(try FileManager.default.attributesOfItem(atPath: vault.path + "/data.mdb")[.size] as? Int)
        #expect(after == size && before >= after, "\(compacted), the file holds \(size) bytes")
    }

    @Test func sharingAndImportingSteps() throws {
        let ann = try CLIVault()
        try ann.ok(["append", "--jsonl", "-"], stdin: ShareStepsTests.steps([(1, 8_000), (2, 9_500)]))
        let shared = try Self.objects(ann.ok(["share", "steps", "--days", "2", "--to", "2026-03-02", "--name", "Ann", "--json"]))
        let link = try #require(shared.first?["link"] as? String)
        #expect(shared[0]["daysWithSteps"] as? Int == 2)
        let bob = try CLIVault()
        let imported = try Self.objects(bob.ok(["import", "steps", link, "--json"]))
        #expect(imported.count == 1 && imported[0]["stored"] as? Int == 2 && imported[0]["friend"] as? String == "Ann", "\(imported)")
    }
}
