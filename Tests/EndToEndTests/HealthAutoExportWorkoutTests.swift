import Foundation
import Glibc
import Testing
import TestSupport

/// Issue 42, part 3: the app's workouts arrive as `workout.recorded`, the same through a file,
/// the listener and a watched folder, and a workout sent again is stored once.
@Suite struct HealthAutoExportWorkoutTests {
    /// A morning run as the app's workouts version 2 writes it, ending at `end`.
    static func run(end: String) -> String {
        """
        {"data": {"workouts": [{"id": "5D3A1C2E-0000-4000-8000-00000000AB12", "name": "Outdoor Run",
          "start": "2024-03-10 07:00:00 +0800", "end": "\(end)", "location": "Outdoor",
          "activeEnergyBurned": {"qty": 350, "units": "kcal"}, "distance": {"qty": 5.2, "units": "km"},
          "heartRate": {"min": {"qty": 118, "units": "bpm"}, "avg": {"qty": 150, "units": "bpm"}, "max": {"qty": 175, "units": "bpm"}},
          "heartRateData": [{"date": "2024-03-10 07:00:00 +0800", "Min": 118, "Avg": 125, "Max": 131, "units": "bpm", "source": "Alex’s Apple Watch"}],
          "route": [{"latitude": 22.2783, "longitude": 114.1747, "altitude": 12, "timestamp": "2024-03-10 07:00:05 +0800", "speed": 2.9}]}]}}
        """
    }

    @Test func aWorkoutIsStoredOnceThroughAFileTheListenerAndAWatchedFolder() throws {
        let vault = try CLIVault()
        let file = vault.root + "/run.json"
        try HealthAutoExportImportTests.write(Self.run(end: "2024-03-10 07:30:00 +0800"), to: file)
        let imported = try vault.ok(["import", "health-auto-export", file])
        #expect(imported.contains("1 stored, 0 already stored"), "\(imported)")
        #expect(!imported.contains("unmapped"), "\(imported)")

        let token = try IngestListenerTests.addToken(vault, "phone")
        let listener = try IngestListener(vault: vault)
        let resent = try listener.post(Self.run(end: "2024-03-10 07:30:00 +0800"), token: token)
        #expect(resent.status == 200)
        #expect(resent.json["alreadyStored"] as? Int == 1 && resent.json["stored"] as? Int == 0, "\(resent.body)")
        // The app sends the run again once the watch has the whole of it: a correction.
        let longer = try listener.post(Self.run(end: "2024-03-10 07:45:00 +0800"), token: token)
        #expect(longer.json["stored"] as? Int == 1, "\(longer.body)")
        #expect(listener.stop() == 0)

        let folder = vault.root + "/Sync"
        try HealthAutoExportImportTests.write(Self.run(end: "2024-03-10 07:45:00 +0800"), to: folder + "/run.json")
        let watch = try SpawnedCLI(["watch", folder, "--json", "--vault", vault.path, "--passphrase-file", vault.passphraseFile])
        defer { kill(watch.pid, SIGTERM); _ = watch.wait() }
        var output = ""
        WatchFolderTests.read(watch.output, into: &output) { WatchFolderTests.summaries($0).count == 1 }
        #expect(WatchFolderTests.summaries(output).first?["alreadyStored"] as? Int == 1, "\(output)")
        kill(watch.pid, SIGTERM)
        _ = watch.wait()

        let kinds = try IngestListenerTests.kinds(vault)
        #expect(kinds["workout.recorded"] == 1 && kinds["event.corrected"] == 1, "\(kinds)")
        let day = try #require(try JSONSerialization.jsonObject(with: Data(vault.ok(["daily", "--from", "2024-03-10", "--to", "2024-03-10", "--json"]).utf8)) as? [String: Any])
        let metrics = try #require(day["metrics"] as? [String: Double])
        #expect(metrics["workouts"] == 1 && metrics["workout_time"] == 45, "\(metrics)")
        #expect(try vault.run(["audit"]).status == 0)
    }
}
