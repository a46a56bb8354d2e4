import Foundation
import Testing
import TestSupport

@Suite struct DailyViewTests {
    static func weight(_ vault: CLIVault, _ arguments: [String] = []) throws -> Double? {
        let line = try vault.ok(["daily", "--from", "2026-03-02", "--to", "2026-03-02", "--json"] + arguments)
        let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as! [String: Any]
        return (object["metrics"] as? [String: Any])?["body_mass"] as? Double
    }

    @Test func theDailyViewFollowsCorrectionsAndTravelsBackInTime() throws {
        let vault = try CLIVault()
        try vault.ok(["weigh", "70kg", "--at", "2026-03-02T07:00:00+01:00"])
        #expect(try Self.weight(vault) == 70)
        let id = try vault.rawEvents()[0]["id"] as! String
        try vault.ok(["correct", id, "value=72"])
        #expect(try Self.weight(vault) == 72)
        #expect(try Self.weight(vault, ["--as-of-seq", "1"]) == 70, "as the ledger knew it before the correction")
    }

    @Test func exportWritesShareHealthFilesAndReplayReportsNoChange() throws {
        let vault = try CLIVault()
        try vault.ok(["weigh", "70.5kg", "--at", "2026-03-02T07:00:00+01:00"])
        try vault.ok(["mood", "6", "--at", "2026-03-03T09:00:00+01:00"])
        let folder = vault.root + "/export"
        let exported = try vault.ok(["export", "daily", folder, "--from", "2026-03-01", "--to", "2026-03-03"])
        #expect(exported.contains("exported 3 of 3 days"))
        let file = try String(contentsOfFile: folder + "/2026/03/HealthMetrics-2026-03-02.csv", encoding: .utf8)
        let lines = file.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines[0].hasPrefix("Date/Time,"))
        #expect(lines[1].hasPrefix("2026-03-02"))
        #expect(lines[1].contains("70.5"))
        let csv = try vault.ok(["daily", "--from", "2026-03-01", "--to", "2026-03-03", "--csv"])
        #expect(csv.split(separator: "\n").count == 4)
        let replay = try vault.ok(["replay", "--dry-run"])
        #expect(replay.contains("dry run of daily-metrics v6"))
        #expect(replay.contains("no change"))
    }
}

@Suite struct AsOfTimeTests {
    /// Times taken from the ledger's own record of when each event was stored, not from a
    /// clock the test waits on: as of the weighing's time the correction was not yet known.
    @Test func asOfARecordedTimeShowsWhatWasKnownThen() throws {
        let vault = try CLIVault()
        try vault.ok(["weigh", "70kg", "--at", "2026-03-02T07:00:00+01:00"])
        let weighed = try vault.rawEvents()[0]
        let id = try #require(weighed["id"] as? String)
        try vault.ok(["correct", id, "value=73"])
        let corrected = try vault.rawEvents()[1]
        let weighedAt = try #require(weighed["recordedAt"] as? String)
        let correctedAt = try #require(corrected["recordedAt"] as? String)
        #expect(weighedAt != correctedAt)
        #expect(try DailyViewTests.weight(vault) == 73)
        #expect(try DailyViewTests.weight(vault, ["--as-of", weighedAt]) == 70)
        #expect(try DailyViewTests.weight(vault, ["--as-of", correctedAt]) == 73)
    }
}
