import Foundation
import LedgerCore
import LedgerCrypto
import Testing
@testable import HealthImport

/// Issue 42, step 1: Health Auto Export's JSON (version 2) becomes HealthKit-shaped events.
@Suite struct HealthAutoExportFileTests {
    let reader = HealthAutoExportFile(path: "export.json", identity: ImportIdentity(key: .random(32)))

    func read(_ payload: HealthAutoExportPayload) throws -> (events: [Event], summary: ImportSummary) {
        var summary = ImportSummary()
        let events = try reader.events(parsing: payload.json, summary: &summary)
        return (events, summary)
    }

    func refusal(_ text: String) -> String {
        var summary = ImportSummary()
        do {
            _ = try reader.events(parsing: text, summary: &summary)
            return "accepted"
        } catch {
            return String(describing: error)
        }
    }

    @Test("a point keeps the offset its date was written with: 00:04 at +0800 is 16:04 UTC the day before")
    func pointsKeepTheirWrittenOffset() throws {
        var payload = HealthAutoExportPayload()
        payload.add("active_energy", "kJ", "2021-12-24 00:04:00 +0800", qty: 0.768)
        payload.add("step_count", "count", "2024-03-10 08:00:00 -0500", qty: 412)
        let (events, _) = try read(payload)
        #expect(events.count == 2)
        let energy = try events[0].decode(SampleRecorded.self)
        #expect(energy.type == "HKQuantityTypeIdentifierActiveEnergyBurned")
        #expect(energy.unit == "kJ")
        #expect(energy.value == 0.768)
        #expect(energy.metadata["HealthAutoExportMetric"] == "active_energy")
        #expect(events[0].start == Fixtures.instant("2021-12-23T16:04:00Z"))
        #expect(events[0].utcOffset == 8 * 3600)
        #expect(events[1].utcOffset == -5 * 3600)
        #expect(events[1].source == .healthAutoExport)
        #expect(!events[1].source.name.contains("Apple Watch"))
    }

    @Test("heart rate's Avg is the value, Min and Max stay with it; blood pressure is two samples; % is a fraction")
    func specialMetrics() throws {
        var payload = HealthAutoExportPayload()
        payload.add("heart_rate", "count/min", "2024-03-10 08:01:00 +0100", [("Min", .int(61)), ("Avg", .double(67.5)), ("Max", .int(80))])
        payload.add("blood_pressure", "mmHg", "2024-03-10 09:00:00 +0100", [("systolic", .int(121)), ("diastolic", .int(79))])
        payload.add("blood_oxygen_saturation", "%", "2024-03-10 03:00:00 +0100", qty: 97)
        payload.add("weight_body_mass", "lb", "2024-03-10 07:00:00 +0100", qty: 160)
        let (events, summary) = try read(payload)
        let samples = try events.map { try $0.decode(SampleRecorded.self) }
        #expect(samples.map(\.type) == [
            "HKQuantityTypeIdentifierHeartRate", "HKQuantityTypeIdentifierBloodPressureSystolic",
            "HKQuantityTypeIdentifierBloodPressureDiastolic", "HKQuantityTypeIdentifierOxygenSaturation", "HKQuantityTypeIdentifierBodyMass",
        ])
        #expect(samples[0].value == 67.5)
        #expect(samples[0].metadata["HealthAutoExportMin"] == "61.0")
        #expect(samples[0].metadata["HealthAutoExportMax"] == "80.0")
        #expect(samples[1].value == 121 && samples[2].value == 79 && samples[1].unit == "mmHg")
        #expect(samples[3].value == 0.97 && samples[3].unit == "%")
        #expect(samples[4].unit == "lb" && samples[4].value == 160)
        #expect(Set(events.map(\.id)).count == 5)
        #expect(summary.notes.isEmpty)
    }

    @Test("an unmapped metric and a unit HealthKit does not spell are kept whole and reported, never dropped")
    func unmappedIsKeptAndReported() throws {
        var payload = HealthAutoExportPayload()
        payload.add("toothbrushing_minutes", "min", "2024-03-10 21:00:00 +0100", qty: 2)
        payload.add("step_count", "furlongs", "2024-03-10 08:00:00 +0100", qty: 3)
        let (events, summary) = try read(payload)
        #expect(events.map(\.kind) == [.exportElementRecorded, .exportElementRecorded])
        let kept = try events[0].decode(ExportElementRecorded.self)
        #expect(kept.element == "HealthAutoExport.metric")
        #expect(kept.attributes["name"] == "toothbrushing_minutes" && kept.attributes["qty"] == "2.0" && kept.attributes["units"] == "min")
        #expect(summary.readByType["HealthAutoExport:toothbrushing_minutes"] == 1)
        #expect(summary.notes["metric toothbrushing_minutes is not in the HealthKit table: kept whole as exportElement.recorded (unmapped)"] == 1)
        #expect(summary.notes["unit 'furlongs' of step_count is not a HealthKit unit: kept whole as exportElement.recorded (unmapped)"] == 1)
    }

    @Test("each entry of an array of data this version does not read (heart-rate notifications) is kept whole and named in the notes")
    func otherArraysAreNamed() throws {
        let text = """
            {"data": {"metrics": [{"name": "step_count", "units": "count", "data": [{"date": "2024-03-10 08:00:00 +0100", "qty": 120}]}],
             "heartRateNotifications": [{"start": "2024-03-10 09:00:00 +0100"}, {"start": "2024-03-10 10:00:00 +0100"}],
             "ecg": [], "futureArray": [{"start": "2024-03-10 00:00:00 +0100"}], "medications": null}}
            """
        var summary = ImportSummary()
        let events = try reader.events(parsing: text, summary: &summary)
        #expect(events.map(\.kind) == [.sampleRecorded] + Array(repeating: .exportElementRecorded, count: 3))
        #expect(summary.notes == [
            HealthAutoExportFile.unreadArrayNote("heartRateNotifications"): 2,
            HealthAutoExportFile.unreadArrayNote("futureArray"): 1,
        ])
    }

    @Test("the app's unit spellings read as HealthKit's; a heart rate in a unit HealthKit lacks is kept, not assumed")
    func unitSpellings() throws {
        #expect(HealthAutoExportFile.unit("steps")?.symbol == "count")
        #expect(HealthAutoExportFile.unit("bpm")?.symbol == "count/min")
        #expect(HealthAutoExportFile.unit("mL/(kg·min)")?.symbol == "ml/(kg*min)")
        #expect(HealthAutoExportFile.unit("kcal")?.symbol == "kcal")
        var payload = HealthAutoExportPayload()
        payload.add("heart_rate", "beats per fortnight", "2024-03-10 08:01:00 +0100", [("Avg", .int(67))])
        let (events, summary) = try read(payload)
        #expect(events.map(\.kind) == [.exportElementRecorded])
        #expect(summary.notes["unit 'beats per fortnight' of heart_rate is not a HealthKit unit: kept whole as exportElement.recorded (unmapped)"] == 1)
    }

    @Test("sleep: a night's totals state their columns; per-stage points are stage samples with their times")
    func sleep() throws {
        var payload = HealthAutoExportPayload()
        payload.add("sleep_analysis", "hr", "2024-03-10 00:00:00 +0100", [
            ("asleep", .double(6.5)), ("inBed", .double(7.25)), ("core", .double(3.5)), ("deep", .double(1)), ("rem", .double(2)),
            ("sleepStart", .string("2024-03-09 23:30:00 +0100")), ("sleepEnd", .string("2024-03-10 06:45:00 +0100")),
            ("sleepSource", .string("Alex’s Apple Watch")),
        ])
        var stages = HealthAutoExportPayload()
        stages.add("sleep_analysis", "hr", "2024-03-11 00:00:00 +0100", [
            ("startDate", .string("2024-03-10 23:10:00 +0100")), ("endDate", .string("2024-03-11 01:00:00 +0100")),
            ("value", .string("Core")), ("qty", .double(1.83)),
        ])
        let (totals, _) = try read(payload)
        let columns = try totals.map { try $0.decode(CategoryRecorded.self).metadata["ShareHealthColumn"] }
        #expect(columns == ["Sleep Analysis [Asleep] (hr)", "Sleep Analysis [In Bed] (hr)", "Sleep Analysis [Core] (hr)",
                            "Sleep Analysis [Deep] (hr)", "Sleep Analysis [REM] (hr)"])
        #expect(totals[0].start == Fixtures.instant("2024-03-09T23:30:00+01:00"))
        #expect(totals[0].end == Fixtures.instant("2024-03-10T06:45:00+01:00"))
        let (stage, _) = try read(stages)
        #expect(try stage[0].decode(CategoryRecorded.self).value == "HKCategoryValueSleepAnalysisAsleepCore")
        #expect(stage[0].end == Fixtures.instant("2024-03-11T01:00:00+01:00"))
    }

    /// A run as the app's workouts version 2 writes it.
    static let run: Document = [
        "id": .string("5D3A1C2E-0000-4000-8000-00000000AB12"), "name": .string("Outdoor Run"),
        "start": .string("2024-02-06 07:00:30 -0800"), "end": .string("2024-02-06 07:30:30 -0800"), "duration": .int(1800),
        "location": .string("Outdoor"), "isIndoor": .bool(false),
        "activeEnergyBurned": .map(["qty": .double(350.5), "units": .string("kcal")]),
        "distance": .map(["qty": .double(3.5), "units": .string("mi")]),
        "intensity": .map(["qty": .double(8.5), "units": .string("MET")]),
        "heartRate": .map([
            "min": .map(["qty": .int(120), "units": .string("bpm")]), "avg": .map(["qty": .int(150), "units": .string("bpm")]),
            "max": .map(["qty": .int(175), "units": .string("bpm")]),
        ]),
        "heartRateData": .array([
            .map(["date": .string("2024-02-06 07:00:00 -0800"), "Min": .int(118), "Avg": .int(125), "Max": .int(131), "units": .string("bpm"),
                  "source": .string("Alex’s Apple Watch")]),
            .map(["date": .string("2024-02-06 07:01:00 -0800"), "Min": .int(130), "Avg": .double(141.5), "Max": .int(150), "units": .string("bpm")]),
        ]),
        "heartRateRecovery": .array([
            .map(["date": .string("2024-02-06 07:31:00 -0800"), "Min": .int(140), "Avg": .int(145), "Max": .int(150), "units": .string("bpm")]),
        ]),
        "stepCount": .array([.map(["date": .string("2024-02-06 07:01:00 -0800"), "qty": .int(170), "units": .string("count")])]),
        "route": .array([
            .map(["latitude": .double(37.7751), "longitude": .double(-122.4190), "altitude": .double(51), "timestamp": .string("2024-02-06 07:01:00 -0800"),
                  "speed": .double(3.1), "course": .double(-1), "horizontalAccuracy": .double(4), "verticalAccuracy": .double(6)]),
            .map(["latitude": .double(37.7749), "longitude": .double(-122.4194), "altitude": .double(50.5), "timestamp": .string("2024-02-06 07:00:30 -0800"),
                  "speed": .double(3), "course": .double(45)]),
        ]),
    ]

    @Test("a version 2 workout is workout.recorded: activity type, totals, heart-rate statistic, minute buckets, route; the rest in its metadata")
    func workoutsAreTyped() throws {
        var payload = HealthAutoExportPayload()
        payload.workouts = [Self.run]
        let (events, summary) = try read(payload)
        #expect(events.map(\.kind) == [.workoutRecorded])
        let workout = try events[0].decode(WorkoutRecorded.self)
        #expect(workout.activityType == "HKWorkoutActivityTypeRunning")
        #expect(workout.duration == 1800)
        #expect(workout.totalEnergyBurned == Quantity(value: 350.5, unit: "kcal"))
        #expect(workout.totalDistance == Quantity(value: 3.5, unit: "mi"))
        #expect(workout.statistics == [WorkoutStatistic(type: "HKQuantityTypeIdentifierHeartRate", average: 150, minimum: 120, maximum: 175, unit: "count/min")])
        // The minute that began before the workout keeps its place; recovery lies past the end.
        #expect(workout.samples.map(\.offset) == [-30, 30, 1830, 30])
        #expect(workout.samples[1].statistic == WorkoutStatistic(type: "HKQuantityTypeIdentifierHeartRate", average: 141.5, minimum: 130, maximum: 150, unit: "count/min"))
        #expect(workout.samples[3].statistic == WorkoutStatistic(type: "HKQuantityTypeIdentifierStepCount", sum: 170, unit: "count"))
        #expect(workout.route.map(\.offset) == [0, 30], "sorted by time")
        #expect(workout.route[1].course == nil && workout.route[1].horizontalAccuracy == 4 && workout.route[0].course == 45)
        #expect(workout.metadata["HealthAutoExportWorkout"] == "Outdoor Run")
        #expect(workout.metadata["HealthAutoExportWorkoutID"] == "5D3A1C2E-0000-4000-8000-00000000AB12")
        #expect(workout.metadata["HealthAutoExport.intensity"] == "8.5 MET")
        #expect(workout.metadata["HealthAutoExport.location"] == "Outdoor" && workout.metadata["HealthAutoExport.isIndoor"] == "false")
        #expect(events[0].start == Fixtures.instant("2024-02-06T15:00:30Z") && events[0].end == Fixtures.instant("2024-02-06T15:30:30Z"))
        #expect(events[0].utcOffset == -8 * 3600)
        #expect(summary.notes.isEmpty, "\(summary.notes)")
        // What the event holds survives the ledger's own encoding.
        #expect(try WorkoutRecorded(document: workout.document).document == workout.document)
    }

    @Test("a version 1 workout: qty heart-rate points, a total named activeEnergy; a route without times is kept whole and noted")
    func versionOneWorkouts() throws {
        var payload = HealthAutoExportPayload()
        payload.workouts = [[
            "name": .string("Walking"), "start": .string("2021-12-24 08:02:43 +0800"), "end": .string("2021-12-24 08:21:53 +0800"),
            "heartRateData": .array([.map(["date": .string("2021-12-24 08:02:47 +0800"), "qty": .int(108), "units": .string("bpm")])]),
            "route": .array([.map(["lat": .double(38.8951), "lon": .double(-77.0364), "altitude": .double(8.03)])]),
            "activeEnergy": .map(["qty": .double(226.2), "units": .string("kJ")]),
        ]]
        let (events, summary) = try read(payload)
        let workout = try events[0].decode(WorkoutRecorded.self)
        #expect(workout.activityType == "HKWorkoutActivityTypeWalking")
        #expect(workout.duration == 1150, "no duration: from start to end")
        #expect(workout.totalEnergyBurned == Quantity(value: 226.2, unit: "kJ"))
        #expect(workout.samples == [WorkoutSample(offset: 4, statistic: WorkoutStatistic(type: "HKQuantityTypeIdentifierHeartRate", average: 108, unit: "count/min"))])
        #expect(workout.route.isEmpty)
        #expect(workout.metadata["HealthAutoExport.route"]?.contains("38.8951") == true)
        #expect(summary.notes["a workout's route without timestamps: kept whole in its metadata"] == 1)
    }

    @Test("workout names the Health app shows map to HealthKit activity types; an unknown one is Other, named in the notes",
          arguments: [
            ("Indoor Run", "Running"), ("Pool Swim", "Swimming"), ("Traditional Strength Training", "TraditionalStrengthTraining"),
            ("High Intensity Interval Training", "HighIntensityIntervalTraining"), ("Mind and Body", "MindAndBody"), ("Yoga", "Yoga"),
            ("Stair Stepper", "StairClimbing"), ("Other", "Other"), ("Underwater Basket Weaving", "Other"),
          ])
    func workoutNames(_ name: String, _ type: String) throws {
        var payload = HealthAutoExportPayload()
        payload.workouts = [["name": .string(name), "start": .string("2024-02-06 07:00:00 +0000"), "end": .string("2024-02-06 07:10:00 +0000")]]
        let (events, summary) = try read(payload)
        #expect(try events[0].decode(WorkoutRecorded.self).activityType == "HKWorkoutActivityType" + type)
        #expect(summary.notes.keys.contains { $0.contains("'\(name)' is not a HealthKit activity type") } == (name == "Underwater Basket Weaving"))
    }

    @Test("a workout's id is the app's id for it: a later copy with more of it has the same id; without one, its name and start")
    func workoutIDs() throws {
        var payload = HealthAutoExportPayload()
        var longer = Self.run
        longer["end"] = .string("2024-02-06 07:40:30 -0800")
        var unnamed = Self.run
        unnamed["id"] = nil
        payload.workouts = [Self.run, longer, unnamed]
        let ids = try read(payload).events.map(\.id)
        #expect(ids[0] == ids[1])
        #expect(ids[2] != ids[0])
    }

    @Test("a workout's bad field is named: an end before its start, a latitude off the globe, Min above Max")
    func workoutRefusals() {
        func refused(_ change: (inout Document) -> Void) -> String {
            var workout = Self.run
            change(&workout)
            var payload = HealthAutoExportPayload()
            payload.workouts = [workout]
            return refusal(payload.json)
        }
        #expect(refused { $0["end"] = .string("2024-02-06 06:00:00 -0800") }.contains("data.workouts[0].end"))
        #expect(refused { $0["route"] = .array([.map(["latitude": .int(91), "longitude": .int(0), "timestamp": .string("2024-02-06 07:00:30 -0800")])]) }
            .contains("data.workouts[0].route[0].latitude"))
        #expect(refused { $0["heartRateData"] = .array([.map(["date": .string("2024-02-06 07:00:30 -0800"), "Min": .int(150), "Max": .int(120)])]) }
            .contains("data.workouts[0].heartRateData[0].Min"))
        #expect(refused { $0["activeEnergyBurned"] = .map(["qty": .string("lots"), "units": .string("kcal")]) }
            .contains("data.workouts[0].activeEnergyBurned.qty"))
    }

    @Test("the same bucket has the same id in a re-sent file, whatever its value; another source's bucket another id")
    func idsAreStableAcrossResends() throws {
        var first = HealthAutoExportPayload()
        first.add("step_count", "count", "2024-03-10 08:00:00 +0100", qty: 400)
        var resent = HealthAutoExportPayload()
        resent.add("step_count", "count", "2024-03-10 08:00:00 +0100", qty: 452)
        resent.add("step_count", "count", "2024-03-10 08:00:00 +0100", [("qty", .int(90)), ("source", .string("iPhone"))])
        let a = try read(first).events, b = try read(resent).events
        #expect(a[0].id == b[0].id)
        #expect(b[0].id != b[1].id)
    }

    @Test(arguments: [
        ("{\"data\": {\"metrics\": [{\"name\": \"step_count\", \"units\": \"count\", \"data\": [{\"date\": \"2024-03-10 08:00:00 +0100\", \"qty\": 1}, {\"date\": \"yesterday\", \"qty\": 2}]}]}}",
         "export.json, column 'data.metrics[0].data[1].date': 'yesterday' does not start with a date"),
        ("{\"data\": {\"metrics\": [{\"name\": \"step_count\", \"units\": \"count\", \"data\": [{\"date\": \"2024-03-10 08:00:00\", \"qty\": 1}]}]}}",
         "export.json, column 'data.metrics[0].data[0].date': '2024-03-10 08:00:00' has no UTC offset"),
        ("{\"data\": {\"metrics\": [{\"name\": \"step_count\", \"units\": \"count\", \"data\": [{\"date\": \"2024-03-10 08:00:00 +0100\", \"qty\": \"many\"}]}]}}",
         "export.json, column 'data.metrics[0].data[0].qty': missing or not a number"),
        ("{\"data\": {\"metrics\": [{\"units\": \"count\", \"data\": []}]}}", "export.json, column 'data.metrics[0].name': the metric has no name"),
        ("{\"metrics\": []}", "export.json, column 'data': no 'data' object"),
        ("{\"data\": {\"metrics\": [", "export.json: not JSON as Health Auto Export writes it"),
        ("{\"data\": {\"metrics\": {}}}", "export.json, column 'data.metrics': is not a list"),
    ])
    func aMalformedFileIsRefusedNamingTheField(text: String, message: String) {
        let refused = refusal(text)
        #expect(refused.hasPrefix(message), "\(refused)")
        #expect(refused.contains("nothing was imported"))
    }

    @Test("nesting deeper than the JSON reader's bound is refused, not followed")
    func deepNestingIsRefused() {
        let deep = String(repeating: "[", count: 200) + String(repeating: "]", count: 200)
        #expect(refusal("{\"data\": {\"metrics\": \(deep)}}").contains("nesting deeper than 64 levels"))
    }
}
