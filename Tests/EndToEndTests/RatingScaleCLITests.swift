import Foundation
import Testing
import TestSupport

/// The rating scale as a person sets and reads it: `query`, `daily` and `correlate` agree,
/// and every column names the scale.
@Suite struct RatingScaleCLITests {
    /// 4 of 1-5, 7 of 1-10 and 3 of 0-10 on 2 March, with aspirin; on the 3rd to 9th one
    /// mood of the day's number on 1-10, aspirin on odd days.
    static func vault() throws -> CLIVault {
        let vault = try CLIVault()
        try vault.ok(["mood", "4", "--scale", "1-5", "--at", "2026-03-02T08:00:00"])
        try vault.ok(["mood", "7", "--scale", "1-10", "--at", "2026-03-02T09:00:00"])
        try vault.ok(["mood", "3", "--scale", "0-10", "--at", "2026-03-02T10:00:00"])
        for day in 3...9 {
            try vault.ok(["mood", String(day), "--at", "2026-03-0\(day)T09:00:00"])
            if day % 2 == 1 { try vault.ok(["take", "Aspirin", "100mg", "--at", "2026-03-0\(day)T08:00:00"]) }
        }
        try vault.ok(["take", "Aspirin", "100mg", "--at", "2026-03-02T08:00:00"])
        return vault
    }

    /// The last cell of a one-row CSV.
    static func value(_ csv: String) -> Double {
        Double(csv.split(separator: "\n").last?.split(separator: ",").last ?? "") ?? .nan
    }

    static func json(_ text: String) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: Data(text.utf8)) as! [String: Any]
    }

    @Test func queryDailyAndCorrelateShowTheSameNumberOnTheChosenScale() throws {
        let vault = try Self.vault()
        let query = try vault.ok(["query", "mood avg by day where between 2026-03-02 and 2026-03-02", "--format", "csv"])
        #expect(query.hasPrefix("day,mood avg (1-10)\n2026-03-02,"))
        #expect(abs(Self.value(query) - 6.15) < 1e-9, "(7.75 + 7 + 3.7) / 3, not the raw 4.67: \(query)")
        let daily = try Self.json(try vault.ok(["daily", "--from", "2026-03-02", "--to", "2026-03-02", "--json"]))
        let metrics = try #require(daily["metrics"] as? [String: Any])
        #expect(abs((metrics["mood_avg"] as? Double ?? 0) - 6.15) < 1e-9)
        #expect(try vault.ok(["daily", "--from", "2026-03-02", "--to", "2026-03-02"]).contains("Mood [Avg] (1-10): 6.15"))
        let correlation = try vault.ok(["correlate", #"dose "Aspirin""#, "--with", "mood avg"])
        // With aspirin, 2, 3, 5, 7 and 9 March: (6.15 + 3 + 5 + 7 + 9) / 5; without, 4, 6 and 8 March.
        #expect(correlation.contains("mean 6.03 over 5 days") && correlation.contains("mean 6.00 over 3 days"), "\(correlation)")

        try vault.ok(["append", "setting.changed", "key=ratings.scale", "value=1-5"])
        let onFive = try vault.ok(["query", "mood avg by day where between 2026-03-02 and 2026-03-02", "--format", "csv"])
        #expect(onFive.hasPrefix("day,mood avg (1-5)\n2026-03-02,"))
        #expect(abs(Self.value(onFive) - (1 + 4 * (0.75 + 6.0 / 9 + 0.3) / 3)) < 1e-9, "\(onFive)")
        #expect(try vault.ok(["daily", "--from", "2026-03-02", "--to", "2026-03-02"]).contains("Mood [Avg] (1-5): 3.29"))
    }

    @Test func aScaleThatIsNoScaleIsRefused() throws {
        let vault = try Self.vault()
        let result = try vault.run(["append", "setting.changed", "key=ratings.scale", "value=10-1"])
        #expect(result.status == 65)
        #expect(result.stderr.contains("must be a scale like"))
    }
}
