import Foundation
import LedgerCore
import LedgerStore
import Projections
import PropertyBased
import Testing
import TestSupport
@testable import HealthImport

/// Issue 42, step 2: re-sent windows store nothing twice, a changed bucket is a correction,
/// and aggregated points never count twice with samples of the same day in daily metrics.
@Suite struct HealthAutoExportDailyTests {
    static let days = ["2024-03-09", "2024-03-10", "2024-03-11", "2024-03-12"].map { LocalDay(iso: $0)! }

    /// Imports each payload in turn into `vault`, as `import health-auto-export` does.
    @discardableResult
    static func importing(_ payloads: [HealthAutoExportPayload], into vault: ScratchVault) throws -> [ImportSummary] {
        let ledger = try vault.ledger
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hae-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        return try payloads.enumerated().map { index, payload in
            let file = try payload.write(to: folder, name: "export-\(index).json")
            // Delivered as it is written, to the microsecond: the file system's coarse clock can
            // stamp two files written within a few milliseconds alike, and of two deliveries
            // at one instant neither is the later.
            try FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: file)
            return try HealthAutoExportFolder(input: file, ledger: ledger).run(into: ledger)
        }
    }

    static func daily(_ vault: ScratchVault) throws -> [DayMetrics] {
        let view = try ProjectionEngine.current(DailyMetricsView.self, ledger: vault.ledger)
        return try days.map { try view.metrics(for: $0) }
    }

    /// Hourly steps and minute heart rate from hour `from` to `to` (inclusive) after
    /// 2024-03-10 00:00 at +0800, values taken from `steps` and `rates` by hour.
    static func window(_ from: Int, _ to: Int, steps: [Int], rates: [Int]) -> HealthAutoExportPayload {
        var payload = HealthAutoExportPayload()
        for hour in from...to {
            let date = String(format: "2024-03-%02d %02d:00:00 +0800", 10 + hour / 24, hour % 24)
            payload.add("step_count", "count", date, qty: Double(steps[hour]))
            payload.add("heart_rate", "count/min", date, [("Min", .int(Int64(rates[hour] - 5))), ("Avg", .int(Int64(rates[hour]))), ("Max", .int(Int64(rates[hour] + 9)))])
        }
        return payload
    }

    @Test("two overlapping windows, each imported twice in any order, give the daily metrics of their union imported once")
    func overlappingWindowsEqualTheirUnion() async {
        let hours = 48
        await propertyCheck(count: 8, input: Gen.int(in: 0...900).array(of: hours), Gen.int(in: 50...150).array(of: hours),
                            Gen.int(in: 0...(hours - 1)).array(of: 4)) { steps, rates, bounds in
            do {
                let first = Self.window(min(bounds[0], bounds[1]), max(bounds[0], bounds[1]), steps: steps, rates: rates)
                let second = Self.window(min(bounds[2], bounds[3]), max(bounds[2], bounds[3]), steps: steps, rates: rates)
                let low = bounds.min()!, high = bounds.max()!
                let covered = Set(first.points.map(\.date)).union(second.points.map(\.date))
                var union = HealthAutoExportPayload()
                union.points = Self.window(low, high, steps: steps, rates: rates).points.filter { covered.contains($0.date) }

                let resent = try ScratchVault()
                try Self.importing([first, second, first, second], into: resent)
                let once = try ScratchVault()
                try Self.importing([union], into: once)
                #expect(try Self.daily(resent) == Self.daily(once), "windows \(bounds)")
                #expect(try resent.ledger.count() == once.ledger.count(), "windows \(bounds): a re-send stored something twice")
            } catch {
                Issue.record("windows \(bounds): \(error)")
            }
        }
    }

    @Test("a re-sent bucket with another value is a correction: the day holds the new value once")
    func aChangedBucketIsACorrection() throws {
        let vault = try ScratchVault()
        var first = HealthAutoExportPayload()
        first.add("step_count", "count", "2024-03-10 08:00:00 +0800", qty: 400)
        first.add("step_count", "count", "2024-03-10 09:00:00 +0800", qty: 100)
        var later = HealthAutoExportPayload()
        later.add("step_count", "count", "2024-03-10 08:00:00 +0800", qty: 452)
        later.add("step_count", "count", "2024-03-10 09:00:00 +0800", qty: 100)
        let summaries = try Self.importing([first, later], into: vault)
        #expect(summaries[1].appended == 1 && summaries[1].duplicates == 1)
        var kinds: [EventKind] = []
        try vault.ledger.forEach { kinds.append($0.event.kind); return true }
        #expect(kinds == [.sampleRecorded, .sampleRecorded, .eventCorrected])
        #expect(try Self.daily(vault)[1]["step_count"] == 552)

        // Back to the first value: a correction again, not taken for the first one's duplicate.
        try Self.importing([first, first], into: vault)
        #expect(try Self.daily(vault)[1]["step_count"] == 500)
        #expect(try vault.ledger.count() == 4)
    }

    /// An Apple Health sample as the Apple Health importer stores it.
    static func watchSample(_ type: String, _ value: Double, _ unit: String, _ from: String, _ to: String) -> Event {
        Event(SampleRecorded(type: "HKQuantityTypeIdentifier" + type, value: value, unit: unit), id: .random(),
              start: try! ISO8601.parse(from, localOffset: 0).timestamp, end: try! ISO8601.parse(to, localOffset: 0).timestamp,
              utcOffset: 8 * 3600, source: Source(name: "Alex’s Apple Watch"))
    }

    @Test("samples of a metric and day win over aggregated points; a day with none of them sums the points")
    func samplesWinOverAggregates() throws {
        let vault = try ScratchVault()
        // The 10th has the watch's samples and the app's hourly points of the same steps; the 11th only points.
        _ = try vault.ledger.append([
            Self.watchSample("StepCount", 3_000, "count", "2024-03-10T08:00:00+08:00", "2024-03-10T09:00:00+08:00"),
            // The app's 12:00 bucket is an instant the watch's 12:10–12:40 sample does not cover:
            // source priority alone would count both.
            Self.watchSample("StepCount", 1_500, "count", "2024-03-10T12:10:00+08:00", "2024-03-10T12:40:00+08:00"),
            Self.watchSample("HeartRate", 70, "count/min", "2024-03-10T08:00:00+08:00", "2024-03-10T08:00:00+08:00"),
        ])
        var payload = HealthAutoExportPayload()
        payload.add("step_count", "count", "2024-03-10 08:00:00 +0800", qty: 3_000)
        payload.add("step_count", "count", "2024-03-10 12:00:00 +0800", qty: 1_500)
        payload.add("heart_rate", "count/min", "2024-03-10 08:00:00 +0800", [("Min", .int(60)), ("Avg", .int(90)), ("Max", .int(120))])
        payload.add("step_count", "count", "2024-03-11 08:00:00 +0800", qty: 700)
        payload.add("step_count", "count", "2024-03-11 18:00:00 +0800", qty: 800)
        payload.add("heart_rate", "count/min", "2024-03-11 08:00:00 +0800", [("Avg", .int(60))])
        payload.add("heart_rate", "count/min", "2024-03-11 09:00:00 +0800", [("Avg", .int(80))])
        try Self.importing([payload], into: vault)
        let days = try Self.daily(vault)
        #expect(days[1]["step_count"] == 4_500)
        #expect(days[1]["heart_rate_avg"] == 70)
        #expect(days[2]["step_count"] == 1_500)
        #expect(days[2]["heart_rate_avg"] == 70)
        #expect(days[2]["heart_rate_min"] == 60 && days[2]["heart_rate_max"] == 80)
    }

    @Test("a night's totals fill the sleep columns only where no stage sample of the night is held")
    func sleepTotalsYieldToSamples() throws {
        var totals = HealthAutoExportPayload()
        totals.add("sleep_analysis", "hr", "2024-03-10 00:00:00 +0800", [
            ("asleep", .double(6.5)), ("core", .double(4)), ("sleepStart", .string("2024-03-09 23:30:00 +0800")),
            ("sleepEnd", .string("2024-03-10 06:30:00 +0800")),
        ])
        let alone = try ScratchVault()
        try Self.importing([totals, totals], into: alone)
        #expect(try Self.daily(alone)[1]["sleep_asleep"] == 6.5)
        #expect(try Self.daily(alone)[1]["sleep_core"] == 4)

        let withSamples = try ScratchVault()
        let stage = Event(CategoryRecorded(type: "HKCategoryTypeIdentifierSleepAnalysis", value: "HKCategoryValueSleepAnalysisAsleepCore"),
                          id: .random(), start: Fixtures.instant("2024-03-10T00:00:00+08:00"), end: Fixtures.instant("2024-03-10T05:00:00+08:00"),
                          utcOffset: 8 * 3600, source: Source(name: "Alex’s Apple Watch"))
        _ = try withSamples.ledger.append([stage])
        try Self.importing([totals], into: withSamples)
        #expect(try Self.daily(withSamples)[1]["sleep_core"] == 5)
    }

    @Test("a day's heart-rate min and max from the app's buckets are those of the points the buckets summarise")
    func bucketExtremesAreTheDaysExtremes() async {
        // Readings over a day at +0800, each minute a bucket of one to four of them.
        await propertyCheck(count: 12, input: Gen.int(in: 40...190).array(of: 1...40), Gen.int(in: 1...4).array(of: 40)) { readings, sizes in
            do {
                var buckets = HealthAutoExportPayload(), single = HealthAutoExportPayload()
                var index = 0, minute = 0
                while index < readings.count {
                    let bucket = Array(readings[index..<min(index + sizes[minute], readings.count)])
                    let date = String(format: "2024-03-10 %02d:%02d:00 +0800", 8 + minute / 60, minute % 60)
                    buckets.add("heart_rate", "count/min", date, [
                        ("Min", .int(Int64(bucket.min()!))), ("Avg", .double(Double(bucket.reduce(0, +)) / Double(bucket.count))), ("Max", .int(Int64(bucket.max()!))),
                    ])
                    for (second, reading) in bucket.enumerated() {
                        let instant = String(format: "2024-03-10 %02d:%02d:%02d +0800", 8 + minute / 60, minute % 60, second)
                        single.add("heart_rate", "count/min", instant, [("Min", .int(Int64(reading))), ("Avg", .int(Int64(reading))), ("Max", .int(Int64(reading)))])
                    }
                    index += bucket.count
                    minute += 1
                }
                let bucketed = try ScratchVault(), pointwise = try ScratchVault()
                try Self.importing([buckets], into: bucketed)
                try Self.importing([single], into: pointwise)
                let day = try Self.daily(bucketed)[1], points = try Self.daily(pointwise)[1]
                #expect(day["heart_rate_min"] == Double(readings.min()!), "\(readings) in \(sizes)")
                #expect(day["heart_rate_max"] == Double(readings.max()!), "\(readings) in \(sizes)")
                #expect(day["heart_rate_min"] == points["heart_rate_min"] && day["heart_rate_max"] == points["heart_rate_max"])
            } catch {
                Issue.record("\(readings): \(error)")
            }
        }
    }

    @Test("a bucket's extremes never narrow the day: a Max below its Avg counts as the Avg")
    func extremesStatedWrongDoNotNarrow() throws {
        let vault = try ScratchVault()
        var payload = HealthAutoExportPayload()
        payload.add("heart_rate", "count/min", "2024-03-10 08:00:00 +0800", [("Min", .int(50)), ("Avg", .int(90)), ("Max", .int(70))])
        try Self.importing([payload], into: vault)
        let day = try Self.daily(vault)[1]
        #expect(day["heart_rate_min"] == 50 && day["heart_rate_max"] == 90 && day["heart_rate_avg"] == 90)
    }

    /// A run as the app's workouts version 2 sends it, ending at `end`.
    static func run(end: String) -> HealthAutoExportPayload {
        var payload = HealthAutoExportPayload()
        payload.workouts = [[
            "id": .string("5D3A1C2E-0000-4000-8000-00000000AB12"), "name": .string("Outdoor Run"),
            "start": .string("2024-03-10 07:00:00 +0800"), "end": .string(end),
            "activeEnergyBurned": .map(["qty": .double(350), "units": .string("kcal")]),
            "heartRateData": .array([.map(["date": .string("2024-03-10 07:00:00 +0800"), "Min": .int(118), "Avg": .int(125), "Max": .int(131), "units": .string("bpm")])]),
        ]]
        return payload
    }

    @Test("a re-sent workout is stored once; one sent again with a later end is a correction; the day counts it once")
    func workoutsResentAndCorrected() throws {
        let vault = try ScratchVault()
        let summaries = try Self.importing([Self.run(end: "2024-03-10 07:30:00 +0800"), Self.run(end: "2024-03-10 07:30:00 +0800"),
                                            Self.run(end: "2024-03-10 07:45:00 +0800")], into: vault)
        #expect(summaries.map(\.appended) == [1, 0, 1])
        var kinds: [EventKind] = []
        try vault.ledger.forEach { kinds.append($0.event.kind); return true }
        #expect(kinds == [.workoutRecorded, .eventCorrected])
        let day = try Self.daily(vault)[1]
        #expect(day["workouts"] == 1)
        #expect(day["workout_time"] == 45)
    }

    @Test("a workout the app sent counts in the day only where no workout of a full import is held, as every point")
    func workoutsYieldToImportedWorkouts() throws {
        let vault = try ScratchVault()
        let imported = Event(WorkoutRecorded(activityType: "HKWorkoutActivityTypeRunning", duration: 1800), id: .random(),
                             start: Fixtures.instant("2024-03-10T07:00:00+08:00"), end: Fixtures.instant("2024-03-10T07:30:00+08:00"),
                             utcOffset: 8 * 3600, source: Source(name: "Alex’s Apple Watch"))
        _ = try vault.ledger.append([imported])
        try Self.importing([Self.run(end: "2024-03-10 07:30:00 +0800")], into: vault)
        let day = try Self.daily(vault)[1]
        #expect(day["workouts"] == 1)
        #expect(day["workout_time"] == 30)
    }
}
