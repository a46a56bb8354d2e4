import Foundation
import Testing
import TestSupport

/// Issue 42: the app's symptoms and states of mind, imported from a synced folder, read as the
/// ledger's symptoms and moods, once, and their apps are counted in `sources`.
@Suite struct HealthAutoExportEntriesImportTests {
    static let export = """
        {"data": {"metrics": [],
          "symptoms": [{"start": "2024-03-10 09:00:00 +0800", "end": "2024-03-10 11:00:00 +0800", "name": "Headache",
                        "severity": "Moderate", "userEntered": true, "source": "Alex’s iPhone"}],
          "stateOfMind": [{"id": "550E8400-E29B-41D4-A716-446655440000", "start": "2024-03-10 14:00:00 +0800",
                           "end": "2024-03-10 14:00:00 +0800", "kind": "dailyMood", "labels": ["Calm"],
                           "associations": ["Work"], "valence": 0.5, "valenceClassification": 5}],
          "heartRateNotifications": [{"start": "2024-03-10 07:00:00 +0800", "end": "2024-03-10 07:00:30 +0800", "threshold": 120}]
        }}
        """

    @Test func symptomsAndStatesOfMindReadAsTheLedgersOwnOnce() throws {
        let vault = try CLIVault()
        let folder = vault.root + "/HealthAutoExport"
        try HealthAutoExportImportTests.write(Self.export, to: folder + "/2024-03-10.json")
        let first = try JSONSerialization.jsonObject(with: Data(vault.ok(["import", "health-auto-export", folder, "--json"]).utf8)) as! [String: Any]
        #expect(first["stored"] as? Int == 2, "\(first)")
        let notes = try #require(first["notes"] as? [String: Int], "\(first)")
        #expect(notes.keys.contains { $0.hasPrefix("data.heartRateNotifications: 1 entry this version does not import") }, "\(notes)")

        let symptom = try vault.ok(["log", "--kind", "symptom", "--json"])
        let symptomLine = try #require(try JSONSerialization.jsonObject(with: Data(symptom.utf8)) as? [String: Any])
        let symptomPayload = try #require(symptomLine["payload"] as? [String: Any], "\(symptomLine)")
        #expect(symptomPayload["name"] as? String == "Headache" && symptomPayload["severity"] as? Int == 2, "\(symptomLine)")
        let mood = try vault.ok(["log", "--kind", "mood", "--json"])
        let moodLine = try #require(try JSONSerialization.jsonObject(with: Data(mood.utf8)) as? [String: Any])
        let moodPayload = try #require(moodLine["payload"] as? [String: Any], "\(moodLine)")
        #expect(moodPayload["rating"] as? Double == 0.5 && moodPayload["scaleMin"] as? Double == -1, "\(moodLine)")
        #expect(moodPayload["tags"] as? [String] == ["Calm", "Work"], "\(moodLine)")

        let again = try JSONSerialization.jsonObject(with: Data(vault.ok(["import", "health-auto-export", folder, "--json"]).utf8)) as! [String: Any]
        #expect(again["stored"] as? Int == 0 && again["alreadyStored"] as? Int == 2, "\(again)")

        let sources = try vault.ok(["sources"])
        #expect(sources.contains("(1 from Alex’s iPhone, 1 from no source named)"), "\(sources)")
        #expect(try vault.run(["audit"]).status == 0)
    }

    @Test func aPostedSymptomAndStateOfMindAreStoredOnceAndTheirAppCounted() throws {
        let vault = try CLIVault()
        let token = try IngestListenerTests.addToken(vault, "Alex’s iPhone")
        let listener = try IngestListener(vault: vault)
        let first = try listener.post(Self.export, token: token)
        #expect(first.status == 200)
        #expect(first.json["stored"] as? Int == 2, "\(first.json)")
        #expect((first.json["notImported"] as? [String])?.first?.hasPrefix("data.heartRateNotifications: 1 entry") == true, "\(first.json)")
        let retry = try listener.post(Self.export, token: token)
        #expect(retry.json["stored"] as? Int == 0 && retry.json["alreadyStored"] as? Int == 2, "\(retry.json)")
        #expect(listener.stop() == 0)
        #expect(try vault.ok(["sources"]).contains("(1 from Alex’s iPhone, 1 from no source named)"))
    }
}
