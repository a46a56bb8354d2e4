import Foundation
import Testing
import TestSupport

/// Issue 39 through the command line: every distinct record of an export is stored, each
/// sample sits at the local time it was lived, a sample saved many times counts once,
/// heartbeats keep their rates at the right offsets, workouts keep their totals, and
/// routes no workout names are named.
@Suite struct ExportFidelityTests {
    static let cases = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("HealthImportTests/Fixtures/apple-health-cases").path

    static func json(_ output: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])
    }

    static func day(_ vault: CLIVault, _ date: String) throws -> [String: Double] {
        let object = try json(vault.ok(["daily", "--from", date, "--to", date, "--json"]))
        return object["metrics"] as? [String: Double] ?? [:]
    }

    static func payload(_ event: [String: Any]) -> [String: Any] { event["payload"] as? [String: Any] ?? [:] }

    @Test("case 1: two meals and two food correlations that only metadata and members tell apart are all stored, once")
    func recordsToldApartByMetadataAreAllStored() throws {
        let vault = try CLIVault()
        let export = Self.cases + "/distinct-records/export.xml"
        let first = try Self.json(vault.ok(["import", "apple-health", export, "--json"]))
        #expect(first["read"] as? Int == 5)
        #expect(first["stored"] as? Int == 5, "the bagel and its correlation were taken for copies: \(first)")
        #expect(first["alreadyStored"] as? Int == 0)
        let again = try Self.json(vault.ok(["import", "apple-health", export, "--json"]))
        #expect(again["stored"] as? Int == 0)
        #expect(again["alreadyStored"] as? Int == 5)
        let events = try vault.rawEvents()
        let foods = events.compactMap { (Self.payload($0)["metadata"] as? [String: String])?["HKFoodType"] }
        #expect(foods.sorted() == ["Bagel, Lox And Avocado", "Bagel, Lox And Avocado", "Black Bean Salad", "Black Bean Salad", "Oatmeal"])
        #expect(try Self.day(vault, "2017-11-11")["dietary_energy"] == 2433)
    }

    @Test("case 4: a sample that names its zone is read in it; --zone places the rest; the summary counts each rule")
    func samplesSitAtTheLocalTimeTheyWereLived() throws {
        let export = Self.cases + "/lived-zone/export.xml"
        let plain = try CLIVault()
        let summary = try Self.json(plain.ok(["import", "apple-health", export, "--json"]))
        #expect(summary["localTime"] as? [String: Int] == [
            "the zone the record names (HKTimeZone)": 1, "the offset the export was written at": 2,
        ])
        let night = try Self.day(plain, "2017-07-10")
        #expect(night["bedtime"] == 23.5, "the export's +0200 reads 22:30")
        #expect(night["wake_time"] == 7)
        #expect(try Self.day(plain, "2017-07-09")["step_count"] == 500, "without --zone the steps keep the export's offset")

        let home = try CLIVault()
        let placed = try home.ok(["import", "apple-health", export, "--zone", "Asia/Jerusalem"])
        #expect(placed.contains("Local time taken from:\n           2 the home zone given with --zone\n           1 the zone the record names (HKTimeZone)\n"), "\(placed)")
        #expect(try Self.day(home, "2017-07-10")["step_count"] == 500)
        #expect(try Self.day(home, "2017-07-09")["step_count"] == nil)
        #expect(try Self.day(home, "2017-01-10")["step_count"] == 800)
        let steps = try home.rawEvents().filter { Self.payload($0)["value"] as? Double == 500 }
        #expect(steps.first?["start"] as? String == "2017-07-10T00:30:00+03:00", "the instant is the same, read at +0300")

        let wrong = try home.run(["import", "apple-health", export, "--zone", "Mars/Olympus"])
        #expect(wrong.status == 65)
        #expect(wrong.stderr.contains("--zone Mars/Olympus is not an IANA time zone name"))
    }

    @Test("case 5: a walk saved 17 times is stored 17 times, counted once, and the summary says 32 repeats")
    func aSampleSavedManyTimesCountsOnce() throws {
        let vault = try CLIVault()
        let output = try vault.ok(["import", "apple-health", Self.cases + "/repeats/export.xml"])
        #expect(output.contains("Repeats: 32 records repeat samples read before"), "\(output)")
        let day = try Self.day(vault, "2017-10-08")
        #expect(day["active_energy"].map { abs($0 - 38.3) < 1e-9 } == true, "\(String(describing: day["active_energy"]))")
        #expect(day["walking_running_distance"].map { abs($0 - 0.53) < 1e-9 } == true)
    }

    @Test("case 2: beats keep their rates, inside their record, whatever offset the export was written at")
    func heartbeatsSitInsideTheirRecordWithTheirRates() throws {
        let vault = try CLIVault()
        try vault.ok(["import", "apple-health", Self.cases + "/heartbeats/export.xml"])
        let series = try vault.rawEvents().filter { $0["kind"] as? String == "heartbeats.recorded" }
            .sorted { ($0["start"] as! String) < ($1["start"] as! String) }
        #expect(series.count == 2)
        let offsets = series.map { (Self.payload($0)["offsets"] as? [Double] ?? []).map { ($0 * 100).rounded() / 100 } }
        #expect(offsets == [[1.5, 40], [1.12, 2.05, 2.98]])
        #expect(series.map { Self.payload($0)["bpm"] as? [Double] ?? [] } == [[58, 57], [62, 64, 65]])
        let again = try Self.json(vault.ok(["import", "apple-health", Self.cases + "/heartbeats/export.xml", "--json"]))
        #expect(again["stored"] as? Int == 0 && again["correctedSeries"] as? Int == 0, "a series this version stored is the one it reads: \(again)")
    }

    @Test("case 3: a workout's distance and energy reach the SQLite export from statistics and from totals")
    func workoutTotalsComeFromStatisticsToo() throws {
        let vault = try CLIVault()
        try vault.ok(["import", "apple-health", Self.cases + "/workout-statistics/export.xml"])
        let file = vault.root + "/health.db"
        try vault.ok(["export", "sqlite", file])
        let rows = try ExternalTool.run("sqlite3", [file, "select activity_type, distance, distance_unit, energy, energy_unit from workouts order by start"])
            .stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(rows == "HKWorkoutActivityTypeRunning|3.5|km|250.0|kcal\nHKWorkoutActivityTypeWalking|2.41|km|120.5|kcal")
    }

    @Test("case 7: a route no workout names is named in the summary; a night in bed alone has no naps")
    func unnamedRoutesAreNamedAndInBedAloneHasNoNaps() throws {
        let vault = try CLIVault()
        let summary = try Self.json(vault.ok(["import", "apple-health", Self.cases + "/routes/export.xml", "--json"]))
        #expect(summary["unnamedFiles"] as? [String] == ["workout-routes/route_2024-06-12_7.30am.gpx"])
        #expect(summary["skipped"] as? Int == 0)
        let text = try vault.ok(["import", "apple-health", Self.cases + "/routes/export.xml"])
        #expect(text.contains("Named by nothing in the export (not stored):\n  workout-routes/route_2024-06-12_7.30am.gpx\n"), "\(text)")
        let night = try Self.day(vault, "2024-06-11")
        #expect(night["sleep_in_bed"] == 8)
        #expect(night["naps"] == nil)
        #expect(night["nap_time"] == nil)
    }
}
