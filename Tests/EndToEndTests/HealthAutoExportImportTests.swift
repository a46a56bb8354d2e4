import Foundation
import Testing
import TestSupport

/// Issue 42, step 3: `import health-auto-export FILE|DIR` as a person runs it on a synced folder.
@Suite struct HealthAutoExportImportTests {
    static func write(_ text: String, to path: String) throws {
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
    }

    /// The app's export of a morning: hourly steps, a heart-rate minute, and a metric the table lacks.
    static let morning = """
        {"data": {"metrics": [
          {"name": "step_count", "units": "count", "data": [
            {"date": "2024-03-10 08:00:00 +0800", "qty": 400, "source": "Alex’s Apple Watch"},
            {"date": "2024-03-10 09:00:00 +0800", "qty": 1200, "source": "Alex’s Apple Watch"}]},
          {"name": "heart_rate", "units": "count/min", "data": [
            {"date": "2024-03-10 08:01:00 +0800", "Min": 61, "Avg": 67, "Max": 80, "source": "Alex’s Apple Watch"}]},
          {"name": "handwashing_seconds", "units": "s", "data": [{"date": "2024-03-10 08:30:00 +0800", "qty": 25}]}
        ]}}
        """

    /// The next export re-sends 09:00 with the hour finished, and adds 10:00.
    static let later = """
        {"data": {"metrics": [
          {"name": "step_count", "units": "count", "data": [
            {"date": "2024-03-10 09:00:00 +0800", "qty": 1500, "source": "Alex’s Apple Watch"},
            {"date": "2024-03-10 10:00:00 +0800", "qty": 300, "source": "Alex’s Apple Watch"}]}
        ]}}
        """

    func json(_ output: String) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: Data(output.utf8)) as! [String: Any]
    }

    @Test func aSyncedFolderImportsOnceAndAResentBucketCorrectsTheDay() throws {
        let vault = try CLIVault()
        let folder = vault.root + "/HealthAutoExport"
        try Self.write(Self.morning, to: folder + "/2024-03-10-0900.json")
        let first = try vault.ok(["import", "health-auto-export", folder])
        #expect(first.hasPrefix("\(folder): 4 records read in "), "\(first)")
        #expect(first.contains("4 stored, 0 already stored, 0 skipped"), "\(first)")
        #expect(first.contains("         2 StepCount\n"), "\(first)")
        #expect(first.contains("readings from Health Auto Export"), "\(first)")
        #expect(first.contains("metric handwashing_seconds is not in the HealthKit table: kept whole as exportElement.recorded (unmapped)"), "\(first)")

        try Self.write(Self.later, to: folder + "/2024-03-10-1100.json")
        let second = try json(vault.ok(["import", "health-auto-export", folder, "--json"]))
        // The morning again (4 held), 09:00 changed (a correction), 10:00 new.
        #expect(second["stored"] as? Int == 2)
        #expect(second["alreadyStored"] as? Int == 4)
        let kinds = try vault.rawEvents().map { $0["kind"] as? String }
        #expect(kinds.filter { $0 == "event.corrected" }.count == 1)
        #expect(kinds.filter { $0 != "delivery.received" }.count == 6)
        #expect(kinds.filter { $0 == "delivery.received" }.count == 2, "each import run is a delivery of the folder")

        let again = try json(vault.ok(["import", "health-auto-export", folder, "--json"]))
        #expect(again["stored"] as? Int == 0)

        let day = try json(vault.ok(["daily", "--from", "2024-03-10", "--to", "2024-03-10", "--json"]))
        let metrics = try #require(day["metrics"] as? [String: Double])
        #expect(metrics["step_count"] == 2_200)
        #expect(metrics["heart_rate_avg"] == 67)
        #expect(try vault.run(["audit"]).status == 0)
    }

    @Test func oneFileImportsAlone() throws {
        let vault = try CLIVault()
        let file = vault.root + "/export.json"
        try Self.write(Self.later, to: file)
        let result = try json(vault.ok(["import", "health-auto-export", file, "--json"]))
        #expect(result["stored"] as? Int == 2)
        #expect((result["bySource"] as? [String: Int])?["Health Auto Export"] == 2)
    }

    @Test func aMalformedFileStopsTheImportNamingFileAndFieldAndNothingIsStored() throws {
        let vault = try CLIVault()
        let folder = vault.root + "/HealthAutoExport"
        try Self.write(Self.morning, to: folder + "/a.json")
        try Self.write(#"{"data": {"metrics": [{"name": "step_count", "units": "count", "data": [{"date": "2024-03-10 08:00:00", "qty": 3}]}]}}"#,
                       to: folder + "/b.json")
        let result = try vault.run(["import", "health-auto-export", folder])
        #expect(result.status == 65)
        #expect(result.stderr.contains(folder + "/b.json, column 'data.metrics[0].data[0].date': '2024-03-10 08:00:00' has no UTC offset"), "\(result.stderr)")
        #expect(result.stderr.contains("nothing was imported"))
        #expect(try vault.rawEvents().isEmpty)
    }

    @Test func aMissingPathAndAnEmptyFolderAreMissingInput() throws {
        let vault = try CLIVault()
        let missing = try vault.run(["import", "health-auto-export", vault.root + "/nowhere"])
        #expect(missing.status == 66)
        #expect(missing.stderr.contains("nowhere: no such file or folder"), "\(missing.stderr)")
        try FileManager.default.createDirectory(atPath: vault.root + "/empty", withIntermediateDirectories: true)
        let empty = try vault.run(["import", "health-auto-export", vault.root + "/empty"])
        #expect(empty.status == 66)
        #expect(empty.stderr.contains("no .json or .csv files in it"), "\(empty.stderr)")
    }

    @Test func aCSVExportImportsInTheZoneNamedAndABadCellIsNamedByLineAndColumn() throws {
        let vault = try CLIVault()
        let folder = vault.root + "/HealthAutoExport"
        let csv = """
            Date/Time,Step Count (count),Heart Rate [Min] (count/min),Heart Rate [Max] (count/min),Heart Rate [Avg] (count/min),Source
            2024-03-10 08:00:00,400,61,80,67,Alex’s Apple Watch
            2024-03-10 09:00:00,1200,58,92,70,Alex’s Apple Watch

            """
        try Self.write(csv, to: folder + "/HealthAutoExport-2024-03-10.csv")
        let first = try json(vault.ok(["import", "health-auto-export", folder, "--zone", "Asia/Hong_Kong", "--json"]))
        #expect(first["stored"] as? Int == 4)
        let again = try json(vault.ok(["import", "health-auto-export", folder, "--zone", "Asia/Hong_Kong", "--json"]))
        #expect(again["stored"] as? Int == 0 && again["alreadyStored"] as? Int == 4)
        let day = try json(vault.ok(["daily", "--from", "2024-03-10", "--to", "2024-03-10", "--json"]))
        let metrics = try #require(day["metrics"] as? [String: Double])
        #expect(metrics["step_count"] == 1_600)
        #expect(metrics["heart_rate_min"] == 58 && metrics["heart_rate_max"] == 92, "\(metrics)")

        try Self.write("Date/Time,Step Count (count)\n2024-03-11 08:00:00,many\n", to: folder + "/steps.csv")
        let bad = try vault.run(["import", "health-auto-export", folder, "--zone", "Asia/Hong_Kong"])
        #expect(bad.status == 65)
        #expect(bad.stderr.contains(folder + "/steps.csv, line 2, column 'Step Count (count)': 'many' is not a number"), "\(bad.stderr)")
        let zone = try vault.run(["import", "health-auto-export", folder, "--zone", "Mars/Olympus"])
        #expect(zone.status == 65 && zone.stderr.contains("--zone Mars/Olympus is not an IANA time zone name"), "\(zone.stderr)")
    }

    @Test func aRouteCSVBesideAMetricsCSVIsKeptWholeAndTheMetricsImported() throws {
        let vault = try CLIVault()
        let folder = vault.root + "/HealthAutoExport"
        try Self.write("Date/Time,Step Count (count)\n2024-03-10 08:00:00,400\n", to: folder + "/HealthAutoExport-2024-03-10.csv")
        let route = """
            Timestamp,Latitude,Longitude,Altitude (m),Speed (m/s)
            2024-03-10 07:00:00,22.2793,114.1620,12.5,2.9
            2024-03-10 07:00:01,22.2794,114.1621,12.6,3.0

            """
        try Self.write(route, to: folder + "/Outdoor Run-Route-20240310.csv")
        let text = try vault.ok(["import", "health-auto-export", folder, "--zone", "Asia/Hong_Kong"])
        #expect(text.contains("3 stored, 0 already stored, 0 skipped"), "\(text)")
        #expect(text.contains("Outdoor Run-Route-20240310.csv: a CSV layout this version does not read (first column 'Timestamp'"), "\(text)")
        #expect(text.contains("kept whole as exportElement.recorded (unmapped)"), "\(text)")

        let log = try vault.ok(["log", "--kind", "exportElement.recorded", "--json"])
        let kept = log.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        #expect(kept.count == 2, "\(log)")
        #expect(log.contains("HealthAutoExport.csv") && log.contains("22.2794") && log.contains("Outdoor Run-Route-20240310.csv"), "\(log)")
        #expect(try vault.rawEvents().filter { $0["kind"] as? String == "sample.recorded" }.count == 1)
        #expect(try vault.run(["audit"]).status == 0)

        let again = try json(vault.ok(["import", "health-auto-export", folder, "--zone", "Asia/Hong_Kong", "--json"]))
        #expect(again["stored"] as? Int == 0 && again["alreadyStored"] as? Int == 3, "\(again)")
        #expect((again["notes"] as? [String: Int])?.values.contains(2) == true, "\(again)")
        let sources = try vault.ok(["sources", "--json"])
        #expect(sources.contains("\"stored\":3"), "\(sources)")
    }
}
