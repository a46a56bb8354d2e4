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
        #expect(events.count == 19)
        #expect(summary.readByType == [
            "HKQuantityTypeIdentifierActiveEnergyBurned": 1, "HKQuantityTypeIdentifierStepCount": 2,
            "HKQuantityTypeIdentifierHeartRate": 3, "HKQuantityTypeIdentifierRestingHeartRate": 1,
            "HKQuantityTypeIdentifierHeartRateVariabilitySDNN": 1, "HKQuantityTypeIdentifierOxygenSaturation": 1,
            "HKQuantityTypeIdentifierBodyMass": 1, "HKQuantityTypeIdentifierBodyFatPercentage": 1,
            "HKCategoryTypeIdentifierSleepAnalysis": 6, "HKCategoryTypeIdentifierMindfulSession": 1, "ActivitySummary": 1,
        ])
        #expect(summary.readBySource == ["ShareHealth": 19])
        #expect(summary.skipped == [
            "Handwashing: a daily count of category samples has no times to store": 1,
            "column not recognised: Mood [Avg] (0-1)": 1,
            "column not recognised: Notes": 1,
        ])
        #expect(summary.skipExamples["column not recognised: Notes"] == [Fixtures.path("sharehealth/2024/01/HealthMetrics-2024-01-16.csv") + ":2"])
        for event in events { try EventValidator.validate(event) }
        #expect(Set(events.map(\.id)).count == 19, "each value has its own id")
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

    @Test func sleepStagesKeepTheirHoursBedtimeAndWakeTime() throws {
        let (events, _) = try read()
        let night = events.filter { $0.payload["type"] == .string("HKCategoryTypeIdentifierSleepAnalysis") && $0.end! <= Fixtures.instant("2024-01-15T12:00:00Z") }
        var hours: [String: Double] = [:]
        for event in night {
            hours[try event.decode(CategoryRecorded.self).value] = (event.end!.seconds - event.start.seconds) / 3600
        }
        #expect(hours == [
            "HKCategoryValueSleepAnalysisAsleepCore": 4, "HKCategoryValueSleepAnalysisAsleepDeep": 1.25,
            "HKCategoryValueSleepAnalysisAsleepREM": 2, "HKCategoryValueSleepAnalysisAwake": 0.5,
            "HKCategoryValueSleepAnalysisInBed": 8,
        ])
        // Bedtime 22.75 is the evening before; Wake Time 6.5 the morning of the 15th (+01:00).
        #expect(night.map(\.start).min() == Fixtures.instant("2024-01-14T22:45:00+01:00"))
        let asleep = night.filter { (try? $0.decode(CategoryRecorded.self).value.contains("Asleep")) == true }
        #expect(asleep.compactMap(\.end).max() == Fixtures.instant("2024-01-15T06:30:00+01:00"))

        let totalOnly = try #require(events.first { $0.payload["value"] == .string("HKCategoryValueSleepAnalysisAsleepUnspecified") })
        #expect(totalOnly.end == Fixtures.instant("2024-01-16T06:15:00+01:00"))
        #expect(totalOnly.start == Fixtures.instant("2024-01-15T23:45:00+01:00"), "6.5 h asleep before Wake Time, after Bedtime 23.5")
        #expect(try totalOnly.decode(CategoryRecorded.self).metadata == ["ShareHealthColumn": "Sleep Analysis [Total] (hr)"])
    }

    @Test func ringsBecomeTheDaysActivitySummaryAndMindfulMinutesASession() throws {
        let (events, _) = try read()
        let rings = try #require(events.first { $0.kind == .activitySummaryRecorded }).decode(ActivitySummaryRecorded.self)
        #expect(rings == ActivitySummaryRecorded(date: "2024-01-15", activeEnergyBurned: 425.8, activeEnergyBurnedGoal: 500))
        let mindful = try #require(events.first { $0.payload["type"] == .string("HKCategoryTypeIdentifierMindfulSession") })
        #expect(mindful.start == Fixtures.instant("2024-01-15T00:00:00+01:00"))
        #expect(mindful.end == Fixtures.instant("2024-01-15T00:10:00+01:00"))
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
