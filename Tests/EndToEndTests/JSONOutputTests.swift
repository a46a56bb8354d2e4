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
