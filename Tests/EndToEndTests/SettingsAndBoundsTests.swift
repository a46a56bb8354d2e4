import Foundation
import Testing
import TestSupport

/// A setting a view cannot use, and a value no body could have, are refused when typed:
/// accepted, they would silently do nothing or skew a budget for weeks.
@Suite struct SettingsAndBoundsTests {
    @Test(arguments: [
        (["append", "setting.changed", "key=calorie.firstWeekday", "value=funday"], ["calorie.firstWeekday", "'funday'", "sunday"]),
        (["append", "setting.changed", "key=calorie.dailyAdjustment", "value=lots"], ["calorie.dailyAdjustment", "'lots'", "−2000…2000"]),
        (["append", "setting.changed", "key=calorie.algorithm", "value=3"], ["calorie.algorithm", "1 or 2"]),
        (["append", "setting.changed", "key=calorie.firstWeekdya", "value=sunday"], ["calorie.firstWeekdya", "--force", "calorie.firstWeekday"]),
        (["settings", "set", "calorie.firstWeekday", "funday"], ["calorie.firstWeekday", "sunday"]),
        (["eat", "toast", "--kcal", "-100"], ["--kcal -100", "0…20000 kcal"]),
        (["eat", "toast", "--kcal", "350", "--fat", "3500"], ["--fat 3500", "0…2000 g"]),
        (["weigh", "720kg"], ["720kg", "0.5…650 kg"]),
        (["weigh", "1600", "lb"], ["1600 lb", "0.5…650 kg"]),
        (["weigh", "-5kg"], ["-5kg", "0.5…650 kg"]),
    ])
    func impossibleInputIsRefusedNamingWhatIsAllowed(arguments: [String], mentions: [String]) throws {
        let vault = try CLIVault()
        let result = try vault.run(arguments)
        #expect(result.status == 65, "\(arguments) → \(result.status): \(result.stderr)")
        for text in mentions { #expect(result.stderr.contains(text), "\(arguments): \(result.stderr)") }
        #expect(try vault.rawEvents().isEmpty, "nothing is stored")
    }

    @Test func aJSONLLineWithAnUnusableSettingIsRefusedWithItsLine() throws {
        let vault = try CLIVault()
        let lines = [
            #"{"kind":"mood.rated","start":"2026-03-01T08:00:00Z","payload":{"rating":7,"scaleMax":10}}"#,
            #"{"kind":"setting.changed","start":"2026-03-01T08:00:00Z","payload":{"key":"calorie.firstWeekday","value":"funday"}}"#,
        ]
        let result = try vault.run(["append", "--jsonl", "-"], stdin: lines.joined(separator: "\n") + "\n")
        #expect(result.status == 65)
        #expect(result.stderr.contains("line 2") && result.stderr.contains("calorie.firstWeekday"), "\(result.stderr)")
    }

    @Test func possibleValuesAndForcedKeysAreStored() throws {
        let vault = try CLIVault()
        try vault.ok(["append", "setting.changed", "key=calorie.firstWeekday", "value=sun"])
        try vault.ok(["append", "setting.changed", "key=calorie.dailyAdjustment", "value=-500"])
        try vault.ok(["append", "setting.changed", "key=calorie.firstWeekday", "value=null"])
        try vault.ok(["append", "setting.changed", "key=my.own.note", "value=hello", "--force"])
        try vault.ok(["eat", "toast", "--kcal", "0"])
        try vault.ok(["weigh", "72.4kg"])
        #expect(try vault.rawEvents().count == 6)
    }

    static func settings(_ vault: CLIVault) throws -> [String: [String: Any]] {
        let lines = try vault.ok(["settings", "--json"]).split(separator: "\n")
        var byKey: [String: [String: Any]] = [:]
        for line in lines {
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as! [String: Any]
            byKey[object["key"] as! String] = object
        }
        return byKey
    }

    @Test func settingsListsEachValueWithTheDayItIsInForceSince() throws {
        let vault = try CLIVault()
        try vault.ok(["settings", "set", "calorie.firstWeekday", "sunday", "--at", "2026-03-01T09:00:00+01:00"])
        try vault.ok(["settings", "set", "calorie.dailyAdjustment", "-300", "--at", "2026-02-01T09:00:00Z"])
        try vault.ok(["settings", "set", "calorie.dailyAdjustment", "-500", "--at", "2026-03-05T09:00:00Z"])
        let settings = try Self.settings(vault)
        #expect(settings["calorie.firstWeekday"]?["value"] as? String == "sunday")
        #expect(settings["calorie.firstWeekday"]?["since"] as? String == "2026-03-01")
        #expect(settings["calorie.dailyAdjustment"]?["value"] as? Int == -500)
        #expect(settings["calorie.dailyAdjustment"]?["since"] as? String == "2026-03-05")
        #expect(settings["calorie.algorithm"]?["isDefault"] as? Bool == true)
        #expect(settings["calorie.algorithm"]?["since"] == nil)
        let text = try vault.ok(["settings"])
        #expect(text.contains("calorie.firstWeekday") && text.contains("\"sunday\"") && text.contains("since 2026-03-01"), "\(text)")
        let budget = try vault.ok(["budget", "--date", "2026-03-10", "--json"])
        let today = try JSONSerialization.jsonObject(with: Data(budget.utf8)) as! [String: Any]
        #expect(today["firstWeekday"] as? String == "sunday")
        #expect(today["dailyAdjustment"] as? Double == -500)
    }
}
