import Foundation
import Testing
import TestSupport

/// Issue 42: the app's medications, imported from a synced folder or posted, are the ledger's
/// doses when taken, once; a skipped or snoozed dose is kept but is no dose, in `log` or in
/// the doses adherence counts. Written from the app's published format: no public project
/// publishes a real medications payload.
@Suite struct HealthAutoExportMedicationsImportTests {
    static let export = """
        {"data": {"metrics": [],
          "medications": [
            {"displayText": "Aspirin 81 mg Oral Tablet", "start": "2024-03-10 08:12:00 +0100", "end": "2024-03-10 08:12:00 +0100",
             "scheduledDate": "2024-03-10 08:00:00 +0100", "form": "Tablet", "status": "Taken", "isArchived": false, "dosage": 1,
             "codings": [{"system": "http://www.nlm.nih.gov/research/umls/rxnorm", "code": "243670"}]},
            {"displayText": "Aspirin 81 mg Oral Tablet", "start": "2024-03-10 20:00:00 +0100", "end": "2024-03-10 20:00:00 +0100",
             "scheduledDate": "2024-03-10 20:00:00 +0100", "form": "Tablet", "status": "Skipped", "isArchived": false, "dosage": 0,
             "codings": [{"system": "http://www.nlm.nih.gov/research/umls/rxnorm", "code": "243670"}]},
            {"displayText": "Ibuprofen 200 mg Oral Capsule", "nickname": "Ibuprofen", "start": "2024-03-10 13:30:00 +0100",
             "form": "Capsule", "status": "Taken", "isArchived": false, "dosage": 2, "codings": []},
            {"displayText": "Cholecalciferol 400 UNT/ML Oral Solution", "nickname": "Vitamin D", "start": "2024-03-10 09:00:00 +0100",
             "scheduledDate": "2024-03-10 09:00:00 +0100", "form": "Liquid", "status": "Snoozed", "isArchived": false, "dosage": 1}
          ]
        }}
        """

    /// The doses `log --kind dose.taken --json` lists: medication and dosage.
    static func doses(_ vault: CLIVault) throws -> [String] {
        try vault.ok(["log", "--kind", "dose.taken", "--json"]).split(separator: "\n").map { line in
            let event = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let payload = try #require(event["payload"] as? [String: Any], "\(event)")
            let dosage = payload["dosage"] as? [String: Any]
            let amount = dosage.map { "\(($0["amount"] as? Double).map { String(format: "%g", $0) } ?? "?") \($0["unit"] as? String ?? "?")" }
            return "\(payload["medication"] as? String ?? "?") \(amount ?? "no dosage")"
        }.sorted()
    }

    @Test func takenMedicationsAreDosesOnceAndASkippedOneIsNoDose() throws {
        let vault = try CLIVault()
        let folder = vault.root + "/HealthAutoExport"
        try HealthAutoExportImportTests.write(Self.export, to: folder + "/2024-03-10.json")
        let first = try JSONSerialization.jsonObject(with: Data(vault.ok(["import", "health-auto-export", folder, "--json"]).utf8)) as! [String: Any]
        #expect(first["stored"] as? Int == 4, "\(first)")
        let notes = try #require(first["notes"] as? [String: Int], "\(first)")
        #expect(notes["a medication entry with status 'Skipped': not a dose taken, kept whole as exportElement.recorded (unmapped)"] == 1, "\(notes)")
        #expect(notes["a medication entry with status 'Snoozed': not a dose taken, kept whole as exportElement.recorded (unmapped)"] == 1, "\(notes)")
        #expect(!notes.keys.contains { $0.hasPrefix("data.medications") }, "\(notes)")

        let doses = try Self.doses(vault)
        #expect(doses == ["Aspirin 81 mg Oral Tablet 1 tablets", "Ibuprofen 2 capsules"])
        // What adherence counts: the doses the query language lists, on their local day.
        let listed = try vault.ok(["query", "dose where between 2024-03-10 and 2024-03-10", "--format", "csv"])
        let rows = listed.split(separator: "\n").dropFirst()
        #expect(rows.count == 2 && rows.contains { $0.contains("Aspirin 81 mg Oral Tablet") } && rows.contains { $0.contains("Ibuprofen") }, "\(listed)")
        #expect(!listed.contains("Vitamin D"), "\(listed)")

        let again = try JSONSerialization.jsonObject(with: Data(vault.ok(["import", "health-auto-export", folder, "--json"]).utf8)) as! [String: Any]
        #expect(again["stored"] as? Int == 0 && again["alreadyStored"] as? Int == 4, "\(again)")
        #expect(try Self.doses(vault).count == 2)

        let sources = try vault.ok(["sources"])
        #expect(sources.contains("4 readings"), "\(sources)")
        #expect(try vault.run(["audit"]).status == 0)
    }

    @Test func postedMedicationsAreStoredOnceAndCounted() throws {
        let vault = try CLIVault()
        // The skipped and the snoozed one: kept under their own name, so counted as unmapped.
        try IngestListener.postTwice(Self.export, to: vault, stored: 4, unmapped: 2)
        let doses = try Self.doses(vault)
        #expect(doses == ["Aspirin 81 mg Oral Tablet 1 tablets", "Ibuprofen 2 capsules"])
        #expect(try vault.ok(["sources"]).contains("4 readings"))
    }
}
