import Foundation
import LedgerCore
import LedgerCrypto
import Testing
@testable import HealthImport

/// Issue 42, part 3: Health Auto Export's CSV export reads as the JSON export it stands for,
/// its times in the zone the phone was in, and a bad cell is named by file, line and column.
@Suite struct HealthAutoExportCSVTests {
    let identity = ImportIdentity(key: .random(32))
    let hongKong = LocalClock(zone: TimeZone(identifier: "Asia/Hong_Kong")!)

    func read(_ text: String, file: String, clock: LocalClock? = nil) throws -> (events: [Event], summary: ImportSummary) {
        var summary = ImportSummary()
        let reader = HealthAutoExportFile(path: file, identity: identity, clock: clock ?? hongKong)
        return (try reader.events(parsing: text, summary: &summary), summary)
    }

    func refusal(_ text: String, file: String = "HealthAutoExport-2024-03-10.csv") -> String {
        do {
            _ = try read(text, file: file)
            return "accepted"
        } catch {
            return String(describing: error)
        }
    }

    static let combined = """
        Date/Time,Step Count (count),Heart Rate [Min] (count/min),Heart Rate [Max] (count/min),Heart Rate [Avg] (count/min),Blood Pressure [Systolic] (mmHg),Blood Pressure [Diastolic] (mmHg),Walking + Running Distance (km),Sleep Analysis [Asleep] (hr),Sleep Analysis [In Bed] (hr),Toothbrushing (min)
        2024-03-10 00:00:00,,,,,,,,6.5,7.25,
        2024-03-10 08:00:00,412,61,80,67.5,121,79,0.31,,,2
        2024-03-10 09:00:00,1200,,,,,,0.9,,,

        """

    @Test("a combined CSV gives the events of the same points in JSON: same ids, same payloads, at the zone's offset")
    func csvReadsAsItsJSON() throws {
        var json = HealthAutoExportPayload()
        json.add("step_count", "count", "2024-03-10 08:00:00 +0800", qty: 412)
        json.add("step_count", "count", "2024-03-10 09:00:00 +0800", qty: 1200)
        json.add("heart_rate", "count/min", "2024-03-10 08:00:00 +0800", [("Min", .double(61)), ("Max", .double(80)), ("Avg", .double(67.5))])
        json.add("blood_pressure", "mmHg", "2024-03-10 08:00:00 +0800", [("systolic", .double(121)), ("diastolic", .double(79))])
        json.add("walking_running_distance", "km", "2024-03-10 08:00:00 +0800", qty: 0.31)
        json.add("walking_running_distance", "km", "2024-03-10 09:00:00 +0800", qty: 0.9)
        json.add("sleep_analysis", "hr", "2024-03-10 00:00:00 +0800", [("asleep", .double(6.5)), ("inBed", .double(7.25))])
        json.add("toothbrushing", "min", "2024-03-10 08:00:00 +0800", qty: 2)
        let fromCSV = try read(Self.combined, file: "HealthAutoExport-2024-03-10.csv")
        var summary = ImportSummary()
        let fromJSON = try HealthAutoExportFile(path: "export.json", identity: identity).events(parsing: json.json, summary: &summary)
        #expect(fromCSV.events.count == fromJSON.count)
        #expect(Set(fromCSV.events.map(\.id)) == Set(fromJSON.map(\.id)))
        for event in fromJSON {
            let twin = try #require(fromCSV.events.first { $0.id == event.id })
            #expect(twin.payload == event.payload && twin.start == event.start && twin.utcOffset == 8 * 3600, "\(event.kind) \(event.payload)")
        }
        #expect(fromCSV.summary.notes.keys.contains { $0.contains("toothbrushing") && $0.contains("unmapped") })
    }

    @Test("a CSV time is read at the offset its zone had that day: winter and summer in Paris")
    func zoneOffsetsFollowTheDay() throws {
        let paris = LocalClock(zone: TimeZone(identifier: "Europe/Paris")!)
        let text = "Date/Time,Step Count (count)\n2024-01-10 08:00:00,5\n2024-07-10 08:00,7\n"
        let events = try read(text, file: "steps.csv", clock: paris).events
        #expect(events.map(\.utcOffset) == [3600, 7200])
        #expect(events[0].start == Fixtures.instant("2024-01-10T07:00:00Z") && events[1].start == Fixtures.instant("2024-07-10T06:00:00Z"))
    }

    @Test("a workouts CSV gives workout.recorded with its duration, totals and heart rate; other columns in its metadata")
    func workoutsCSV() throws {
        let text = """
            Workout Type,Start,End,Duration,Active Energy (kcal),Intensity (kcal/hr·kg),Max. Heart Rate (count/min),Avg. Heart Rate (count/min),Distance (km),Location
            Outdoor Run,2024-03-10 07:00,2024-03-10 07:32,00:32:10,350.5,8.1,171,150.5,5.2,Outdoor
            """
        let (events, _) = try read(text, file: "Workouts-20240310.csv")
        let workout = try events[0].decode(WorkoutRecorded.self)
        #expect(workout.activityType == "HKWorkoutActivityTypeRunning")
        #expect(workout.duration == 1930)
        #expect(workout.totalEnergyBurned == Quantity(value: 350.5, unit: "kcal") && workout.totalDistance == Quantity(value: 5.2, unit: "km"))
        #expect(workout.statistics == [WorkoutStatistic(type: "HKQuantityTypeIdentifierHeartRate", average: 150.5, maximum: 171, unit: "count/min")])
        #expect(workout.metadata["HealthAutoExport.location"] == "Outdoor")
        #expect(workout.metadata["HealthAutoExport.Intensity (kcal/hr·kg)"] == "8.1 kcal/hr·kg")
        #expect(events[0].start == Fixtures.instant("2024-03-09T23:00:00Z") && events[0].utcOffset == 8 * 3600)
    }

    // A header this version does not read is kept whole, not refused: HealthAutoExportUnreadCSVTests.
    @Test("a bad cell or header contradiction of a layout this version reads names the file, the line and the column", arguments: [
        ("Date/Time,Step Count (count)\n2024-03-10 08:00:00,3\n2024-03-10 09:00:00,lots\n", "line 3, column 'Step Count (count)': 'lots' is not a number"),
        ("Date/Time,Step Count (count)\n10/03/2024 08:00,3\n", "line 2, column 'Date/Time': '10/03/2024 08:00' is not a date and time"),
        ("Date/Time,Heart Rate [Min] (count/min),Heart Rate [Max] (bpm)\n", "column 'Heart Rate [Max] (bpm)': Heart Rate in bpm beside count/min"),
        ("Workout Type,Start,End,Duration\nWalk,2024-03-10 07:00,2024-03-10 07:30,half an hour\n", "line 2, column 'Duration'"),
        ("", "an empty file"),
    ])
    func refusals(_ text: String, _ message: String) {
        let answer = refusal(text)
        #expect(answer.hasPrefix("HealthAutoExport-2024-03-10.csv"), "\(answer)")
        #expect(answer.contains(message), "\(answer)")
    }

    @Test("metric labels become the JSON export's names")
    func labels() {
        #expect(HealthAutoExportCSV.metricName("Walking + Running Distance") == "walking_running_distance")
        #expect(HealthAutoExportCSV.metricName("Weight & Body Mass") == "weight_body_mass")
        #expect(HealthAutoExportCSV.metricName("Six-Minute Walking Test Distance") == "six_minute_walking_test_distance")
        #expect(HealthAutoExportCSV.metricName("VO2 Max") == "vo2_max")
    }
}
