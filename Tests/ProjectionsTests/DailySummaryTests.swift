import LedgerCore
import Testing
@testable import Projections

/// Issue 27, cases 3, 4 and 6: a ShareHealth day (CSV row or face snapshot) is a summary,
/// not samples: samples win, summaries never add, each column reads its own statistic.
@Suite struct DailySummaryTests {
    let day = DailyMetricsFixture.day("2024-03-10")
    static let csv = Source(name: "ShareHealth")
    static let snapshot = Source(name: "ShareHealth health snapshot")

    /// A ShareHealth quantity cell as the importer stores it: the day's value over the local day.
    static func cell(_ fixture: inout DailyMetricsFixture, _ type: String, _ value: Double, _ unit: String, column: String,
                     source: Source = csv, date: String = "2024-03-10") -> Event {
        Event(SampleRecorded(type: "HKQuantityTypeIdentifier" + type, value: value, unit: unit, metadata: ["ShareHealthColumn": column]),
              id: fixture.id(), start: DailyMetricsFixture.at(date + "T00:00", DailyMetricsFixture.berlin),
              end: DailyMetricsFixture.at(date + "T00:00", DailyMetricsFixture.berlin).adding(seconds: 86_400),
              utcOffset: DailyMetricsFixture.berlin, source: source)
    }

    /// A ShareHealth category or sleep cell: an instant at midnight carrying the number.
    static func categoryCell(_ fixture: inout DailyMetricsFixture, _ type: String, _ value: String, column: String, text: String,
                             source: Source = csv) -> Event {
        Event(CategoryRecorded(type: "HKCategoryTypeIdentifier" + type, value: value, metadata: ["ShareHealthColumn": column, "ShareHealthValue": text]),
              id: fixture.id(), start: DailyMetricsFixture.at("2024-03-10T00:00", DailyMetricsFixture.berlin),
              utcOffset: DailyMetricsFixture.berlin, source: source)
    }

    func metrics(_ events: [Event]) throws -> DayMetrics {
        try DailyMetricsFixture.state(events).metrics(for: day)
    }

    @Test("raw samples win over the day's summary: 26,596 steps stay 26,596")
    func samplesWinOverSummaries() throws {
        var fixture = DailyMetricsFixture()
        let samples = [
            fixture.sample("StepCount", 20_000, "count", "2024-03-10T08:00", "2024-03-10T12:00"),
            fixture.sample("StepCount", 6_596, "count", "2024-03-10T13:00", "2024-03-10T18:00", source: DailyMetricsFixture.phone),
            fixture.sample("DietaryEnergyConsumed", 1_382, "kcal", "2024-03-10T12:00", source: Source(name: "MyFitnessPal")),
        ]
        let summaries = [
            Self.cell(&fixture, "StepCount", 26_596, "count", column: "Step Count (count)"),
            Self.cell(&fixture, "DietaryEnergyConsumed", 1_382, "kcal", column: "Dietary Energy (kcal)"),
            Self.cell(&fixture, "StepCount", 26_596, "count", column: "Step Count (count)", source: Self.snapshot),
        ]
        let day = try metrics(samples + summaries)
        #expect(day["step_count"] == 26_596)
        #expect(day["dietary_energy"] == 1_382)
        #expect(try metrics(summaries + samples) == day)
    }

    @Test("summaries fill a day without samples, and two of one day and column never add")
    func summariesFillAndNeverAdd() throws {
        var fixture = DailyMetricsFixture()
        let day = try metrics([
            Self.cell(&fixture, "StepCount", 8_543, "count", column: "Step Count (count)"),
            Self.cell(&fixture, "StepCount", 8_543, "count", column: "Step Count (count)", source: Self.snapshot),
            Self.cell(&fixture, "ActiveEnergyBurned", 425.8, "kcal", column: "Active Energy Burned (kcal)", source: Self.snapshot),
            Self.cell(&fixture, "BodyMass", 160, "lb", column: "Weight & Body Mass (lb)"),
        ])
        #expect(day["step_count"] == 8_543)
        #expect(day["active_energy"] == 425.8)
        #expect(day["body_mass"] == 160 * 0.45359237)
    }

    @Test("Heart Rate [Avg] 72.5 with [Min] 50 and [Max] 130 reads back as 72.5, 50 and 130")
    func eachColumnIsItsOwnStatistic() throws {
        var fixture = DailyMetricsFixture()
        let day = try metrics([
            Self.cell(&fixture, "HeartRate", 50, "count/min", column: "Heart Rate [Min] (count/min)"),
            Self.cell(&fixture, "HeartRate", 72.5, "count/min", column: "Heart Rate [Avg] (count/min)"),
            Self.cell(&fixture, "HeartRate", 130, "count/min", column: "Heart Rate [Max] (count/min)"),
            Self.cell(&fixture, "RestingHeartRate", 58, "count/min", column: "Resting Heart Rate (count/min)"),
            Self.cell(&fixture, "OxygenSaturation", 0.97, "%", column: "Blood Oxygen Saturation (%)"),
        ])
        #expect(day["heart_rate_avg"] == 72.5)
        #expect(day["heart_rate_min"] == 50)
        #expect(day["heart_rate_max"] == 130)
        #expect(day["resting_heart_rate"] == 58)
        #expect(day["oxygen_saturation"] == 97)
    }

    @Test("sleep columns without times: Total 7.5 with Deep and REM stays 7.5, no bedtime or wake time is made up")
    func sleepSummariesKeepWhatTheFileSays() throws {
        var fixture = DailyMetricsFixture()
        let day = try metrics([
            Self.categoryCell(&fixture, "SleepAnalysis", "HKCategoryValueNotApplicable", column: "Sleep Analysis [Total] (hr)", text: "7.5"),
            Self.categoryCell(&fixture, "SleepAnalysis", "HKCategoryValueSleepAnalysisAsleepDeep", column: "Sleep Analysis [Deep] (hr)", text: "1"),
            Self.categoryCell(&fixture, "SleepAnalysis", "HKCategoryValueSleepAnalysisAsleepREM", column: "Sleep Analysis [REM] (hr)", text: "2"),
            Self.categoryCell(&fixture, "SleepAnalysis", "HKCategoryValueSleepAnalysisAwake", column: "Sleep Analysis [Awake] (min)", text: "30"),
            Self.categoryCell(&fixture, "MindfulSession", "HKCategoryValueNotApplicable", column: "Mindful Minutes (min)", text: "12"),
            Self.categoryCell(&fixture, "HighHeartRateEvent", "HKCategoryValueNotApplicable", column: "High Heart Rate Notifications (count)", text: "3"),
        ])
        #expect(day["sleep_total"] == 7.5)
        #expect(day["sleep_deep"] == 1)
        #expect(day["sleep_rem"] == 2)
        #expect(day["sleep_awake"] == 0.5)
        #expect(day["bedtime"] == nil)
        #expect(day["wake_time"] == nil)
        #expect(day["mindful_minutes"] == 12)
        #expect(day["high_heart_rate_events"] == 3)
    }

    @Test("a night with samples ignores the day's sleep summary: 8.4 h stay 8.4 h (not 16.8)")
    func sleepSamplesWinOverTheSleepSummary() throws {
        var fixture = DailyMetricsFixture()
        let samples = [fixture.sleep("Asleep", "2024-03-09T22:30", "2024-03-10T06:54")]
        let day = try metrics(samples + [
            Self.categoryCell(&fixture, "SleepAnalysis", "HKCategoryValueNotApplicable", column: "Sleep Analysis [Total] (hr)", text: "8.4"),
            Self.categoryCell(&fixture, "SleepAnalysis", "HKCategoryValueNotApplicable", column: "Bedtime", text: "21"),
        ])
        #expect(day["sleep_total"] == 8.4)
        #expect(day["bedtime"] == 22.5)
    }
}
