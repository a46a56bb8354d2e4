import DemoData
import LedgerCore
import PropertyBased
import Testing
import TestSupport
@testable import Projections

/// Issue 27, cases 1 and 2: overlapping sleep counts once, and naps stay apart from the night.
@Suite struct SleepFoldTests {
    let day = DailyMetricsFixture.day("2024-03-10")
    static let sleepCycle = Source(name: "Sleep Cycle")
    static let autoSleep = Source(name: "AutoSleep")

    func metrics(_ build: (inout DailyMetricsFixture) -> [Event]) throws -> DayMetrics {
        var fixture = DailyMetricsFixture()
        return try DailyMetricsFixture.state(build(&fixture)).metrics(for: day)
    }

    @Test("one app's overlapping nights count once: 00:10–08:18 and 01:00–07:00 are 8 h 08 min")
    func overlapsOfOneSourceAreAUnion() throws {
        let day = try metrics { fixture in [
            fixture.sleep("Asleep", "2024-03-10T00:10", "2024-03-10T08:18", source: Self.sleepCycle),
            fixture.sleep("Asleep", "2024-03-10T01:00", "2024-03-10T07:00", source: Self.sleepCycle),
        ] }
        #expect(day["sleep_total"] == 8 + 8.0 / 60)
        #expect(day["sleep_asleep"] == 8 + 8.0 / 60)
    }

    @Test("in bed and asleep of an old export are separate columns: asleep never adds the in-bed time")
    func inBedAndAsleepNeverAdd() throws {
        let day = try metrics { fixture in [
            fixture.sleep("InBed", "2024-03-10T00:10", "2024-03-10T08:18", source: Self.sleepCycle),
            fixture.sleep("Asleep", "2024-03-10T01:00", "2024-03-10T07:00", source: Self.sleepCycle),
            fixture.sleep("InBed", "2024-03-10T00:30", "2024-03-10T08:00", source: DailyMetricsFixture.phone),
        ] }
        #expect(day["sleep_total"] == 6)
        #expect(day["sleep_in_bed"] == 8 + 8.0 / 60, "the union of both sources' in-bed time")
    }

    @Test("a source's awake stretch inside another source's sleep is awake, not also asleep")
    func awakeIsNeverAlsoAsleep() throws {
        let day = try metrics { fixture in [
            fixture.sleep("Asleep", "2024-03-09T23:00", "2024-03-10T07:00", source: Self.autoSleep),
            fixture.sleep("Awake", "2024-03-10T03:00", "2024-03-10T03:30"),
            fixture.sleep("AsleepDeep", "2024-03-10T01:00", "2024-03-10T02:00"),
            // The same deep stage again, and a core stage the Watch also wrote over it.
            fixture.sleep("AsleepDeep", "2024-03-10T01:00", "2024-03-10T02:00"),
            fixture.sleep("AsleepCore", "2024-03-10T01:30", "2024-03-10T02:30"),
        ] }
        #expect(day["sleep_awake"] == 0.5)
        #expect(day["sleep_deep"] == 1)
        #expect(day["sleep_core"] == 0.5)
        #expect(day["sleep_asleep"] == 6)
        #expect(day["sleep_total"] == 7.5)
    }

    @Test("a sample longer than a day puts at most 24 h on any night")
    func noNightHoldsMoreThanADay() throws {
        var fixture = DailyMetricsFixture()
        let state = try DailyMetricsFixture.state([
            fixture.sleep("Asleep", "2024-03-08T10:00", "2024-03-10T10:00"),
            fixture.sleep("InBed", "2024-03-08T10:00", "2024-03-10T10:00"),
        ])
        // Night windows run 18:00–18:00: the 9th holds a whole one, the 10th 18:00–10:00.
        #expect(try state.metrics(for: DailyMetricsFixture.day("2024-03-09"))["sleep_total"] == 24)
        #expect(try state.metrics(for: DailyMetricsFixture.day("2024-03-09"))["sleep_in_bed"] == 24)
        #expect(try state.metrics(for: day)["sleep_total"] == 16)
        #expect(try state.metrics(for: DailyMetricsFixture.day("2024-03-08"))["sleep_total"] == 8)
    }

    /// A night that scores 100: in bed 22:45–07:00, asleep 23:00–07:00 with 2 h REM and 1.5 h deep.
    static func perfectNight(_ fixture: inout DailyMetricsFixture) -> [Event] {
        [
            fixture.sleep("InBed", "2024-03-09T22:45", "2024-03-10T07:00", source: DailyMetricsFixture.phone),
            fixture.sleep("AsleepCore", "2024-03-09T23:00", "2024-03-10T01:00"),
            fixture.sleep("AsleepDeep", "2024-03-10T01:00", "2024-03-10T02:30"),
            fixture.sleep("AsleepREM", "2024-03-10T02:30", "2024-03-10T04:30"),
            fixture.sleep("AsleepCore", "2024-03-10T04:30", "2024-03-10T07:00"),
        ]
    }

    @Test("a 14:00–14:30 nap is a nap: wake time, efficiency, latency and score stay the night's")
    func aNapLeavesTheNightAlone() throws {
        let night = try metrics { Self.perfectNight(&$0) }
        let napped = try metrics { Self.perfectNight(&$0) + [$0.sleep("Asleep", "2024-03-10T14:00", "2024-03-10T14:30")] }
        let score = try #require(SleepScore(napped))
        #expect(abs(try #require(SleepScore(night)).score - 100) < 1e-9)
        #expect(abs(score.score - 100) < 1e-9, "69 when the nap was part of the night")
        #expect(napped["wake_time"] == 7)
        #expect(napped["bedtime"] == 22.75)
        #expect(napped["sleep_total"] == 8)
        #expect(napped["naps"] == 1)
        #expect(napped["nap_time"] == 0.5)
        #expect(night["naps"] == 0)
        #expect(night["nap_time"] == 0)
        let parts = Dictionary(uniqueKeysWithValues: score.parts.map { ($0.contributor, $0.value) })
        #expect(abs(parts[.efficiency]! - 100 * 8 / 8.25) < 1e-9)
        #expect(abs(parts[.latency]! - 15) < 1e-9)
    }

    @Test("sleep joined across a gap shorter than an hour is one night; an hour apart, two")
    func theMainSleepIsTheLongestCluster() throws {
        let joined = try metrics { fixture in [
            fixture.sleep("Asleep", "2024-03-09T23:00", "2024-03-10T03:00"),
            fixture.sleep("Asleep", "2024-03-10T03:59", "2024-03-10T07:00"),
        ] }
        #expect(joined["sleep_total"] == 4 + 3 + 1.0 / 60)
        #expect(joined["naps"] == 0)
        let apart = try metrics { fixture in [
            fixture.sleep("Asleep", "2024-03-09T20:00", "2024-03-09T21:00"),
            fixture.sleep("Asleep", "2024-03-09T23:00", "2024-03-10T03:00"),
            fixture.sleep("Asleep", "2024-03-10T04:00", "2024-03-10T07:00"),
        ] }
        #expect(apart["sleep_total"] == 4)
        #expect(apart["bedtime"] == 23)
        #expect(apart["wake_time"] == 3)
        #expect(apart["naps"] == 2)
        #expect(apart["nap_time"] == 4)
    }

    @Test("efficiency is asleep ÷ time in bed, not ÷ the bedtime-to-wake span")
    func efficiencyIsAsleepOverTimeInBed() throws {
        // 7.5 h asleep in two parts half an hour apart, nothing recorded between them.
        let day = try metrics { fixture in [
            fixture.sleep("Asleep", "2024-03-09T23:00", "2024-03-10T01:00"),
            fixture.sleep("Asleep", "2024-03-10T01:30", "2024-03-10T07:00"),
        ] }
        let score = try #require(SleepScore(day))
        #expect(score.parts.first { $0.contributor == .efficiency }?.value == 100)
    }

    // MARK: Properties

    /// A sleep sample: source 0…2, stage, start minute within two days, length in minutes.
    struct Sample: Sendable, CustomStringConvertible {
        let source: Int
        let stage: Int
        let start: Int
        let length: Int

        var description: String { "s\(source) \(Self.values[stage]) +\(start)m \(length)m" }

        static let values = ["InBed", "Asleep", "AsleepCore", "AsleepDeep", "AsleepREM", "Awake"]
        static let sources = [DailyMetricsFixture.watch, DailyMetricsFixture.phone, Source(name: "AutoSleep")]

        func event(id: UInt8) -> Event {
            let origin = DailyMetricsFixture.at("2024-03-09T00:00", DailyMetricsFixture.berlin)
            return Event(CategoryRecorded(type: "HKCategoryTypeIdentifierSleepAnalysis", value: "HKCategoryValueSleepAnalysis" + Self.values[stage]),
                         id: EventID(bytes: [UInt8](repeating: 0, count: 15) + [id])!,
                         start: origin.adding(seconds: Double(start * 60)), end: origin.adding(seconds: Double((start + length) * 60)),
                         utcOffset: DailyMetricsFixture.berlin, source: Self.sources[source])
        }
    }

    static let samples = zip(Gen.int(in: 0...2), Gen.int(in: 0...5), Gen.int(in: 0...(3 * 1440)), Gen.int(in: 1...(40 * 60)))
        .map { Sample(source: $0.0, stage: $0.1, start: $0.2, length: $0.3) }
        .array(of: 1...12)

    static let sleepColumns = ["sleep_total", "sleep_asleep", "sleep_in_bed", "sleep_core", "sleep_deep", "sleep_rem", "sleep_awake", "nap_time"]
    static let nights = (0...4).map { LocalDay(number: DailyMetricsFixture.day("2024-03-08").number + Int64($0)) }

    static func sleepColumns(_ events: [Event]) throws -> [[Double?]] {
        let state = try DailyMetricsFixture.state(events)
        return try nights.map { night in
            let metrics = try state.metrics(for: night)
            return (sleepColumns + ["bedtime", "wake_time", "naps"]).map { metrics[$0] }
        }
    }

    @Test("no sleep column of any night exceeds 24 h, and asleep + awake fit in the night")
    func noColumnExceedsADay() async {
        await propertyCheck(input: Self.samples) { samples in
            await recordingThrownErrors {
                let events = samples.enumerated().map { $1.event(id: UInt8($0 + 1)) }
                let state = try DailyMetricsFixture.state(events)
                for night in Self.nights {
                    let metrics = try state.metrics(for: night)
                    for column in Self.sleepColumns { #expect((metrics[column] ?? 0) <= 24 + 1e-9, "\(night) \(column)") }
                    let asleepAndAwake = (metrics["sleep_total"] ?? 0) + (metrics["sleep_awake"] ?? 0) + (metrics["nap_time"] ?? 0)
                    #expect(asleepAndAwake <= 24 + 1e-9, "\(night)")
                }
            }
        }
    }

    @Test("the nights do not depend on the order samples arrive in")
    func orderDoesNotMatter() async {
        await propertyCheck(input: Self.samples, Gen.int(in: 0...1_000_000)) { samples, seed in
            await recordingThrownErrors {
                let events = samples.enumerated().map { $1.event(id: UInt8($0 + 1)) }
                var generator = SeededRandom(seed: UInt64(seed))
                let inOrder = try Self.sleepColumns(events)
                let shuffled = try Self.sleepColumns(events.shuffled(using: &generator))
                #expect(inOrder == shuffled)
            }
        }
    }

    @Test("a sample written twice (another id, same times) changes nothing")
    func duplicatesChangeNothing() async {
        await propertyCheck(input: Self.samples, Gen.int(in: 0...11)) { samples, pick in
            await recordingThrownErrors {
                let events = samples.enumerated().map { $1.event(id: UInt8($0 + 1)) }
                let copy = samples[pick % samples.count].event(id: 200)
                let once = try Self.sleepColumns(events)
                let twice = try Self.sleepColumns(events + [copy])
                #expect(once == twice)
            }
        }
    }
}
