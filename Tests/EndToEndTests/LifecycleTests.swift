import Foundation
import Testing
import TestSupport

@Suite struct LifecycleTests {
    /// Every kind, through the JSONL a demo vault prints, then the quick commands a person types.
    @Test func initAppendEveryKindLogAndAuditClean() throws {
        let demo = try CLIVault()
        let demoPath = demo.root + "/demo"
        let made = try CLI.run(["demo", "--vault", demoPath, "--days", "8"])
        #expect(made.status == 0, "\(made.stderr)")
        let demoPassphrase = demo.root + "/demo-passphrase"
        try writeSecret("demo passphrase\n", toFile: demoPassphrase)
        let exported = try CLI.run(["log", "--raw", "--json", "--vault", demoPath, "--passphrase-file", demoPassphrase])
        #expect(exported.status == 0)
        let lines = exported.stdout.split(separator: "\n")
        let kinds = Set(lines.compactMap { line in (try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["kind"] as? String })
        #expect(kinds.count >= 22, "the demo covers every kind but subject.erased: \(kinds.sorted())")

        let vault = try CLIVault()
        let imported = try vault.ok(["append", "--jsonl", "-"], stdin: exported.stdout)
        #expect(imported.contains("stored \(lines.count) events"))
        try vault.ok(["mood", "7", "--note", "after a walk"])
        try vault.ok(["fatigue", "3"])
        try vault.ok(["symptom", "headache", "--severity", "2"])
        try vault.ok(["take", "Ibuprofen", "200mg"])
        try vault.ok(["eat", "Oatmeal", "--kcal", "350", "--protein", "12", "--carbs", "60", "--fat", "6"])
        try vault.ok(["weigh", "72.4kg"])
        try vault.ok(["start", "Reading", "--ago", "20m"])
        let stopped = try vault.ok(["stop", "Reading"])
        #expect(stopped.contains("activity.stopped Reading after 20 min"))
        let target = (try vault.rawEvents().first!["id"] as! String)
        try vault.ok(["append", "subject.erased", "target=\(target)"])

        let all = try vault.rawEvents()
        #expect(all.count == lines.count + 9)
        #expect(Set(all.compactMap { $0["kind"] as? String }).count == 23, "every kind is stored")
        let originalIDs = Set(lines.compactMap { line in (try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["id"] as? String })
        #expect(originalIDs.isSubset(of: Set(all.compactMap { $0["id"] as? String })), "JSONL keeps ids")

        let moods = try vault.ok(["log", "--kind", "mood", "--json", "--limit", "1"])
        #expect(moods.contains(#""note":"after a walk""#))
        #expect(moods.contains(#""rating":7"#))
        let audit = try vault.run(["audit"])
        #expect(audit.status == 0)
        #expect(audit.stdout.contains("audit clean"))
    }

    @Test func theSameIDAppendedTwiceIsStoredOnce() throws {
        let vault = try CLIVault()
        let id = "00112233445566778899aabbccddeeff"
        try vault.ok(["mood", "6", "--id", id])
        let again = try vault.ok(["mood", "6", "--id", id])
        #expect(again.contains("1 already stored (same id): skipped"))
        #expect(try vault.rawEvents().count == 1)
    }

    @Test func correctionsAndRetractionsAppendAndTheViewAppliesThem() throws {
        let vault = try CLIVault()
        try vault.ok(["mood", "4", "--at", "2026-03-01T09:00:00+01:00"])
        try vault.ok(["mood", "9", "--at", "2026-03-01T21:00:00+01:00"])
        let ids = try vault.rawEvents().map { $0["id"] as! String }
        try vault.ok(["correct", ids[0], "rating=5", "--reason", "typo"])
        try vault.ok(["retract", ids[1]])
        let current = try vault.ok(["log", "--json"])
        #expect(current.split(separator: "\n").count == 1)
        #expect(current.contains(#""rating":5"#))
        let raw = try vault.rawEvents()
        #expect(raw.map { $0["kind"] as! String } == ["mood.rated", "mood.rated", "event.corrected", "event.retracted"])
        let shown = try vault.ok(["show", ids[0]])
        #expect(shown.contains("event.corrected"))
        #expect(shown.contains(#"originally {"rating":4"#))
        let bad = try vault.run(["correct", ids[0], "rating=50"])
        #expect(bad.status == 65)
        #expect(bad.stderr.contains("rating"))
    }

    @Test(arguments: [
        (["mood", "12"], "rating"),
        (["mood", "3", "--scale", "5-1"], "scale"),
        (["eat", "Soup", "--kcal=-5"], "kcal"),
        (["take", "Ibuprofen", "0mg"], "0mg"),
        (["append", "sample.recorded", "type=HKQuantityTypeIdentifierHeartRate", "value=60", "unit=furlongs"], "unit"),
        (["append", "mood.rated", "rating=3", "--at", "2026-01-02T10:00:00Z", "--end", "2026-01-01T10:00:00Z"], "end"),
        (["symptom", "cough", "--severity", "7"], "severity"),
        (["mood", "5", "--at", "next tuesday-ish"], "next tuesday-ish"),
    ])
    func invalidEntriesAreRejectedNamingTheFieldAndNothingIsStored(arguments: [String], field: String) throws {
        let vault = try CLIVault()
        let result = try vault.run(arguments)
        #expect(result.status == 65, "\(arguments) → \(result.status) \(result.stderr)")
        #expect(result.stderr.contains(field), "\(result.stderr)")
        #expect(try vault.rawEvents().isEmpty)
    }

    @Test func aBadJSONLLineIsNamedAndEarlierBatchesStay() throws {
        let vault = try CLIVault()
        let good = #"{"kind":"mood.rated","start":"2026-01-01T10:00:00Z","payload":{"rating":5}}"#
        let input = good + "\n" + good + "\n" + #"{"kind":"mood.rated","start":"2026-01-01T10:00:00Z","payload":{"rating":"high"}}"# + "\n"
        let result = try vault.run(["append", "--jsonl", "-", "--batch-size", "1"], stdin: input)
        #expect(result.status == 65)
        #expect(result.stderr.contains("line 3"))
        #expect(result.stderr.contains("2 events from - are stored"), "\(result.stderr)")
        #expect(try vault.rawEvents().count == 2)
    }
}
