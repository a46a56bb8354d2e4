import Foundation
import Testing
import TestSupport

/// What Introspective promises: a dose without a dosage is the medication's default one, and
/// an activity instance carries its definition's tags.
@Suite struct DefaultsAndTagsTests {
    static func payloads(_ vault: CLIVault, kind: String) throws -> [[String: Any]] {
        try vault.rawEvents().filter { $0["kind"] as? String == kind }.map { $0["payload"] as! [String: Any] }
    }

    @Test func aDoseWithoutADosageTakesTheLatestDefinitionsDefault() throws {
        let vault = try CLIVault()
        try vault.ok(["append", "medication.defined", "name=Ibuprofen", "defaultDosage.amount=200", "defaultDosage.unit=mg"])
        try vault.ok(["take", "ibuprofen", "--at", "2026-03-01T08:00:00Z"])
        try vault.ok(["append", "medication.defined", "name=Ibuprofen", "defaultDosage.amount=400", "defaultDosage.unit=mg"])
        try vault.ok(["take", "Ibuprofen", "--at", "2026-03-01T20:00:00Z"])
        try vault.ok(["take", "Ibuprofen", "100mg", "--at", "2026-03-02T08:00:00Z"])
        try vault.ok(["take", "Aspirin", "--at", "2026-03-02T09:00:00Z"])
        let doses = try Self.payloads(vault, kind: "dose.taken").map { ($0["dosage"] as? [String: Any])?["amount"] as? Double }
        #expect(doses == [200, 400, 100, nil])
        let sum = try vault.ok(["query", "dose.dosage_amount sum", "--format", "csv"])
        #expect(sum.hasSuffix("\n700\n"), "\(sum)")
    }

    @Test func instancesCarryTheirDefinitionsTagsAndTheirOwn() throws {
        let vault = try CLIVault()
        try vault.ok(["append", "activity.defined", "name=Walking", #"tags=["social","outdoor"]"#])
        // Talking is a letter from the defined Walking: --new says it is another activity.
        try vault.ok(["start", "Walking", "Talking", "--new", "--tag", "evening", "--tag", "outdoor", "--at", "2026-03-01T18:00:00Z"])
        try vault.ok(["stop", "--all", "--at", "2026-03-01T18:40:00Z"])
        let started = try Self.payloads(vault, kind: "activity.started")
        #expect(started.map { $0["name"] as? String } == ["Walking", "Talking"])
        #expect(started.map { $0["tags"] as? [String] } == [["social", "outdoor", "evening"], ["evening", "outdoor"]])
        let social = try vault.ok(["query", #"activity where tags contains "social""#, "--format", "csv"])
        #expect(social.split(separator: "\n").count == 2, "a header and Walking: \(social)")
        #expect(social.contains("Walking") && !social.contains("Talking"))
    }
}
