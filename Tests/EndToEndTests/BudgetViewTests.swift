import Foundation
import Testing
import TestSupport

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

    /// 42 days alternating 2000 and 3000 kcal while the weight follows a true maintenance of
    /// 2500 kcal exactly: v2 finds 2500; v1's EWMA, dominated by the last days, does not.
    @Test func algorithmTwoFindsTheTrueMaintenanceAndOneCanStillBeAskedFor() throws {
        let vault = try CLIVault()
        var lines: [String] = []
        var kg = 80.0
        for day in 1...42 {
            let eaten = day % 2 == 0 ? 2000.0 : 3000.0
            let noon = 1_771_243_200 + Int64(day - 1) * 86_400  // 2026-02-16T12:00:00Z, then a day at a time
            let stamp = ISO8601DateFormatter().string(from: Date(timeIntervalSince1970: TimeInterval(noon)))
            lines.append(#"{"kind":"sample.recorded","start":"\#(stamp)","utcOffset":0,"payload":{"type":"HKQuantityTypeIdentifierBodyMass","value":\#(kg),"unit":"kg"}}"#)
            lines.append(#"{"kind":"food.logged","start":"\#(stamp)","utcOffset":0,"payload":{"name":"meals","kcal":\#(eaten)}}"#)
            kg += (eaten - 2500) / 7700
        }
        try vault.ok(["append", "--jsonl", "-"], stdin: lines.joined(separator: "\n") + "\n")
        let v2 = try Self.budget(vault, "2026-03-30")
        let maintenance = v2["maintenance"] as! [String: Any]
        #expect(v2["algorithm"] as? Int == 2)
        #expect(abs((maintenance["kcal"] as! Double) - 2500) < 1e-6)
        let interval = maintenance["interval"] as! [Double]
        #expect(interval[0] <= 2500.001 && interval[1] >= 2499.999)
        #expect(abs((v2["budget"] as! Double) - 2500) < 1e-6, "Monday starts the week: no credit")

        let line = try vault.ok(["budget", "--date", "2026-03-30", "--json", "--algorithm", "1"])
        let v1 = try JSONSerialization.jsonObject(with: Data(line.utf8)) as! [String: Any]
        #expect(v1["algorithm"] as? Int == 1)
        #expect(abs(((v1["maintenance"] as! [String: Any])["kcal"] as! Double) - 2500) > 10)
    }
}
