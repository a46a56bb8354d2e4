import Foundation
import Testing

@Suite struct BudgetViewTests {
    static func budget(_ vault: CLIVault, _ date: String = "2026-03-31") throws -> [String: Any] {
        let line = try vault.ok(["budget", "--date", date, "--json"])
        return try JSONSerialization.jsonObject(with: Data(line.utf8)) as! [String: Any]
    }

    /// With no weights the maintenance is the 2000 kcal baseline, so Tuesday's budget is
    /// 2000 + (2000 − Monday's intake) / 6.
    @Test func theBudgetCarriesMondaysCreditAndFollowsACorrection() throws {
        let vault = try CLIVault()
        try vault.ok(["eat", "porridge", "--kcal", "1500", "--protein", "30", "--at", "2026-03-30T08:00:00Z"])
        let before = try Self.budget(vault)
        let maintenance = before["maintenance"] as! [String: Any]
        #expect(maintenance["kcal"] as? Double == 2000)
        #expect(maintenance["confidence"] as? Double == 0)
        #expect(maintenance["valid"] as? Bool == false)
        #expect(before["credit"] as? Double == 500)
        #expect(abs((before["budget"] as! Double) - (2000 + 500.0 / 6)) < 1e-9)

        let id = try vault.rawEvents()[0]["id"] as! String
        try vault.ok(["correct", id, "kcal=1700"])
        #expect(abs((try Self.budget(vault)["budget"] as! Double) - 2050) < 1e-9)

        try vault.ok(["append", "setting.changed", "key=calorie.firstWeekday", "value=tuesday", "--at", "2026-03-01T00:00:00Z"])
        #expect(try Self.budget(vault)["budget"] as? Double == 2000, "a week starting Tuesday has no credit yet on Tuesday")
    }

    @Test func weekAndExplainShowTheFormula() throws {
        let vault = try CLIVault()
        try vault.ok(["eat", "porridge", "--kcal", "1500", "--at", "2026-03-30T08:00:00Z"])
        let week = try vault.ok(["budget", "--date", "2026-03-31", "--week"]).split(separator: "\n")
        #expect(week.count == 9)
        #expect(week[2].hasPrefix("2026-03-30  mon   1500    2000       0"))
        #expect(week[3].hasPrefix("2026-03-31  tue      -    2083     500"))
        let explain = try vault.ok(["budget", "--date", "2026-03-31", "--explain"])
        #expect(explain.contains("Credit = B × d − Σ C_i = 2000.0 × 1 − 1500 = 500.0 kcal"))
        #expect(explain.contains("B′ = B + Credit / D = 2000.0 + 500.0 / 6 = 2083.3 kcal"))
    }
}
