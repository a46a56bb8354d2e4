import Foundation
import LedgerCore
import LedgerCrypto
import Testing
@testable import HealthImport

@Suite struct ShareHealthFolderTests {
    let folder = ShareHealthFolder(
        directory: Fixtures.path("sharehealth"), clock: LocalClock(zone: Fixtures.paris), identity: ImportIdentity(key: .random(32)))

    func read() throws -> (events: [Event], summary: ImportSummary) {
        var summary = ImportSummary()
        var events: [Event] = []
        for file in try folder.units() { events += try folder.events(of: file, summary: &summary, ledger: nil) }
        return (events, summary)
    }

    func sample(_ type: String, column: String, on date: String, in events: [Event]) throws -> (event: Event, payload: SampleRecorded) {
        let day = try #require(ISO8601.days(date))
        let event = try #require(events.first { event in
            event.kind == .sampleRecorded && event.payload["type"] == .string("HKQuantityTypeIdentifier" + type)
                && (event.start.micros / 1_000_000 + Int64(event.utcOffset)) / 86_400 == day
                && (try? event.decode(SampleRecorded.self).metadata["ShareHealthColumn"]) == column
        })
        return (event, try event.decode(SampleRecorded.self))
    }

    @Test func findsTheDailyFilesInTheirYearAndMonthFolders() throws {
        #expect(try folder.units().map { $0.replacingOccurrences(of: Fixtures.root + "/sharehealth/", with: "") } == [
            "2024/01/HealthMetrics-2024-01-15.csv", "2024/01/HealthMetrics-2024-01-16.csv", "2024/02/HealthMetrics-2024-02-01.csv",
        ])
    }

    @Test func everyValueBecomesOneEventOfItsTypeAndUnknownColumnsAreCountedAsSkipped() throws {
        let (events, summary) = try read()
        #expect(events.count == 25)
        #expect(summary.readByType == [
            "HKQuantityTypeIdentifierActiveEnergyBurned": 1, "HKQuantityTypeIdentifierStepCount": 2,
            "HKQuantityTypeIdentifierHeartRate": 3, "HKQuantityTypeIdentifierRestingHeartRate": 1,
            "HKQuantityTypeIdentifierHeartRateVariabilitySDNN": 1, "HKQuantityTypeIdentifierOxygenSaturation": 1,
            "HKQuantityTypeIdentifierBodyMass": 1, "HKQuantityTypeIdentifierBodyFatPercentage": 1,
            "HKCategoryTypeIdentifierSleepAnalysis": 11, "HKCategoryTypeIdentifierMindfulSession": 1,
            "HKCategoryTypeIdentifierHandwashingEvent": 1, "ActivitySummary": 1,
        ])
        #expect(summary.readBySource == ["ShareHealth": 25])
        #expect(summary.skipped == [
            "the ledger's own column, a summary of events a CSV cannot give back (`export bundle`, then `import bundle`, moves moods, fatigue, doses and symptoms): Mood [Avg] (0-1)": 1,
            "column not recognised: Notes": 1,
        ])
        #expect(summary.skipExamples["column not recognised: Notes"] == [Fixtures.path("sharehealth/2024/01/HealthMetrics-2024-01-16.csv") + ":2"])
        for event in events { try EventValidator.validate(event) }
        #expect(Set(events.map(\.id)).count == 25, "each value has its own id")
    }

    @Test func aDailyTotalSpansItsLocalDayWithTheHeadersUnit() throws {
        let (events, _) = try read()
        let steps = try sample("StepCount", column: "Step Count (count)", on: "2024-01-15", in: events)
        #expect(steps.payload.value == 8543)
        #expect(steps.payload.unit == "count")
        #expect(steps.event.start == Fixtures.instant("2024-01-14T23:00:00Z"))
        #expect(steps.event.end == Fixtures.instant("2024-01-15T23:00:00Z"))
        #expect(steps.event.utcOffset == 3600)
        #expect(steps.event.source == Source(name: "ShareHealth"))
        let quoted = try sample("StepCount", column: "Step Count (count)", on: "2024-01-16", in: events)
        #expect(quoted.payload.value == 9120)
    }

    @Test func statisticsStayApartAndPercentagesBecomeFractions() throws {
        let (events, _) = try read()
        #expect(try sample("HeartRate", column: "Heart Rate [Min] (count/min)", on: "2024-01-15", in: events).payload.value == 52)
        #expect(try sample("HeartRate", column: "Heart Rate [Avg] (count/min)", on: "2024-01-15", in: events).payload.value == 72.5)
        #expect(try sample("HeartRate", column: "Heart Rate [Max] (count/min)", on: "2024-01-15", in: events).payload.unit == "count/min")
        let oxygen = try sample("OxygenSaturation", column: "Blood Oxygen Saturation (%)", on: "2024-01-15", in: events).payload
        #expect(oxygen.value == 0.97)
        #expect(oxygen.unit == "%")
        #expect(try sample("BodyFatPercentage", column: "Body Fat Percentage (%)", on: "2024-02-01", in: events).payload.value == 0.215)
    }

    /// Issue 27 case 6: a CSV states hours per column and, at most, two clock times; no
    /// sleep is placed at a time the file does not give.
    @Test func sleepColumnsAreTheNightsSummaryAtMidnightNeverSamplesAtInventedTimes() throws {
        let (events, _) = try read()
        let sleep = events.filter { $0.payload["type"] == .string("HKCategoryTypeIdentifierSleepAnalysis") }
        for event in sleep {
            #expect(event.end == nil, "a summary is no interval")
            #expect(event.start == Fixtures.instant("2024-01-15T00:00:00+01:00") || event.start == Fixtures.instant("2024-01-16T00:00:00+01:00"))
        }
        func cells(on date: String) throws -> [String: String] {
            var cells: [String: String] = [:]
            for event in sleep where event.start == Fixtures.instant(date + "T00:00:00+01:00") {
                let metadata = try event.decode(CategoryRecorded.self).metadata
                cells[metadata["ShareHealthColumn"]!] = metadata["ShareHealthValue"]
            }
            return cells
        }
        #expect(try cells(on: "2024-01-15") == [
            "Sleep Analysis [Total] (hr)": "7.25", "Sleep Analysis [In Bed] (hr)": "8.0", "Sleep Analysis [Core] (hr)": "4.0",
            "Sleep Analysis [Deep] (hr)": "1.25", "Sleep Analysis [REM] (hr)": "2.0", "Sleep Analysis [Awake] (hr)": "0.5",
            "Bedtime": "22.75", "Wake Time": "6.5",
        ])
        #expect(try cells(on: "2024-01-16") == ["Sleep Analysis [Total] (hr)": "6.5", "Bedtime": "23.5", "Wake Time": "6.25"])
    }

    @Test func sleepHoursWithoutClockTimesAreKeptAndTheSummarySaysTheNightHasNoTimes() throws {
        var summary = ImportSummary()
        let days = try folder.days(parsing: "Date/Time,Sleep Analysis [Total] (hr),Sleep Analysis [Deep] (hr),Sleep Analysis [REM] (hr)\n2024-01-15,7.5,1,2\n",
                                   file: "HealthMetrics-2024-01-15.csv", summary: &summary)
        let events = try days[0].events(identity: ImportIdentity(key: .random(32)), summary: &summary)
        #expect(events.count == 3)
        #expect(events.allSatisfy { $0.end == nil && $0.start == Fixtures.instant("2024-01-15T00:00:00+01:00") })
        let total = try #require(events.first { (try? $0.decode(CategoryRecorded.self).metadata["ShareHealthColumn"]) == "Sleep Analysis [Total] (hr)" })
        #expect(try total.decode(CategoryRecorded.self).metadata["ShareHealthValue"] == "7.5")
        #expect(summary.notes.keys.contains { $0.contains("no Bedtime/Wake Time") })
    }

    @Test func ringsBecomeTheDaysActivitySummaryAndCategoryTotalsKeepTheirNumber() throws {
        let (events, _) = try read()
        let rings = try #require(events.first { $0.kind == .activitySummaryRecorded }).decode(ActivitySummaryRecorded.self)
        #expect(rings == ActivitySummaryRecorded(date: "2024-01-15", activeEnergyBurned: 425.8, activeEnergyBurnedGoal: 500))
        let mindful = try #require(events.first { $0.payload["type"] == .string("HKCategoryTypeIdentifierMindfulSession") })
        #expect(mindful.start == Fixtures.instant("2024-01-15T00:00:00+01:00"))
        #expect(mindful.end == nil)
        #expect(try mindful.decode(CategoryRecorded.self).metadata == ["ShareHealthColumn": "Mindful Minutes (min)", "ShareHealthValue": "10.0"])
        let handwashing = try #require(events.first { $0.payload["type"] == .string("HKCategoryTypeIdentifierHandwashingEvent") })
        #expect(try handwashing.decode(CategoryRecorded.self).metadata["ShareHealthValue"] == "4.0")
    }

    @Test func aCellThatIsNotANumberNamesFileLineAndColumn() throws {
        let malformed = ShareHealthFolder(
            directory: Fixtures.path("sharehealth-malformed"), clock: LocalClock(zone: Fixtures.paris), identity: ImportIdentity(key: .random(32)))
        var summary = ImportSummary()
        let file = try malformed.units()[1]
        let error = try #require(throws: ImportError.self) { try malformed.events(of: file, summary: &summary, ledger: nil) }
        #expect(error.isMalformed)
        #expect(error.description.hasPrefix(
            Fixtures.path("sharehealth-malformed/2024/01/HealthMetrics-2024-01-17.csv") + ", line 2, column 'Heart Rate [Avg] (count/min)': 'seventy' is not a number"))
    }

    @Test func aFolderWithoutDailyFilesIsMissingInput() throws {
        let empty = ShareHealthFolder(directory: Fixtures.path("faces"), clock: LocalClock(zone: Fixtures.paris), identity: ImportIdentity(key: .random(32)))
        let error = try #require(throws: ImportError.self) { try empty.units() }
        #expect(error.isMissing)
        #expect(error.description.contains("no HealthMetrics-*.csv files"))
    }
}
