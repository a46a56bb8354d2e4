import Foundation
import Testing
import TestSupport

/// Issue 42: the app's symptoms and states of mind, imported from a synced folder, read as the
/// ledger's symptoms and moods, once, and their apps are counted in `sources`; its sexual
/// activity counts are HealthKit's sexual activity samples, and its heart-rate notifications
/// (an array this version has no typed event for, in the layout the app documents) are kept
/// whole and counted as unmapped, never only named.
@Suite struct HealthAutoExportEntriesImportTests {
    static let export = """
        {"data": {"metrics": [{"name": "sexual_activity", "units": "count", "data": [
                      {"date": "2024-03-10 00:00:00 +0800", "Unspecified": 0, "Protection Used": 1, "Protection Not Used": 1,
                       "source": "Alex’s iPhone"}]}],
          "symptoms": [{"start": "2024-03-10 09:00:00 +0800", "end": "2024-03-10 11:00:00 +0800", "name": "Headache",
                        "severity": "Moderate", "userEntered": true, "source": "Alex’s iPhone"}],
          "stateOfMind": [{"id": "550E8400-E29B-41D4-A716-446655440000", "start": "2024-03-10 14:00:00 +0800",
                           "end": "2024-03-10 14:00:00 +0800", "kind": "dailyMood", "labels": ["Calm"],
                           "associations": ["Work"], "valence": 0.5, "valenceClassification": 5}],
          "heartRateNotifications": [{"start": "2024-03-10 07:00:00 +0800", "end": "2024-03-10 07:00:30 +0800", "threshold": 120,
                                      "heartRate": [{"hr": 126, "units": "bpm", "timestamp": {"start": "2024-03-10 07:00:00 +0800",
                                                     "end": "2024-03-10 07:00:30 +0800", "interval": {"duration": 30, "units": "s"}}}],
                                      "heartRateVariation": [], "source": "Alex’s Apple Watch"}]
        }}
        """

    @Test func symptomsAndStatesOfMindReadAsTheLedgersOwnOnce() throws {
        let vault = try CLIVault()
        let folder = vault.root + "/HealthAutoExport"
        try HealthAutoExportImportTests.write(Self.export, to: folder + "/2024-03-10.json")
        let first = try JSONSerialization.jsonObject(with: Data(vault.ok(["import", "health-auto-export", folder, "--json"]).utf8)) as! [String: Any]
        #expect(first["stored"] as? Int == 5, "\(first)")
        let notes = try #require(first["notes"] as? [String: Int], "\(first)")
        #expect(notes == ["data.heartRateNotifications: an array this version has no typed event for: kept whole as exportElement.recorded (unmapped)": 1], "\(notes)")
        let kept = try HealthAutoExportECGCycleImportTests.lines(vault.ok(["log", "--kind", "exportElement.recorded", "--json"]))
        let notification = try #require(kept.first?["payload"] as? [String: Any], "\(kept)")
        #expect(kept.count == 1 && notification["element"] as? String == "HealthAutoExport.heartRateNotifications", "\(notification)")
        #expect((notification["attributes"] as? [String: String])?["threshold"] == "120", "\(notification)")
        #expect((notification["children"] as? [[String: Any]])?.first?["attributes"] as? [String: String] == [
            "hr": "126", "units": "bpm", "timestamp.start": "2024-03-10 07:00:00 +0800", "timestamp.end": "2024-03-10 07:00:30 +0800",
            "timestamp.interval.duration": "30", "timestamp.interval.units": "s",
        ], "\(notification)")
        let activity = try vault.ok(["query", "sexual_activity where between 2024-03-10 and 2024-03-10", "--format", "csv"])
        #expect(activity.split(separator: "\n").count == 3, "\(activity)")

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
        #expect(again["stored"] as? Int == 0 && again["alreadyStored"] as? Int == 5, "\(again)")

        let sources = try vault.ok(["sources"])
        #expect(sources.contains("5 readings") && sources.contains("3 from Alex’s iPhone") && sources.contains("1 from Alex’s Apple Watch")
                    && sources.contains("1 from no source named"), "\(sources)")
        #expect(try vault.run(["audit"]).status == 0)
    }

    @Test func aPostedSymptomAndStateOfMindAreStoredOnceAndTheirAppCounted() throws {
        let vault = try CLIVault()
        // The notification: kept under its own name, so counted as unmapped, and no longer only named.
        try IngestListener.postTwice(Self.export, to: vault, stored: 5, unmapped: 1)
        let sources = try vault.ok(["sources"])
        #expect(sources.contains("3 from Alex’s iPhone") && sources.contains("1 from Alex’s Apple Watch") && sources.contains("1 from no source named"), "\(sources)")
        #expect(try vault.run(["audit"]).status == 0)
    }
}
