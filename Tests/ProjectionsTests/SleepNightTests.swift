import LedgerCore
import PropertyBased
import Testing
import TestSupport
@testable import Projections

/// The sleep page draws a night from `SleepNight`; it must be the night the sleep columns count.
@Suite struct SleepNightTests {
    static let stageColumns = ["deep": "sleep_deep", "rem": "sleep_rem", "core": "sleep_core", "asleep": "sleep_asleep", "awake": "sleep_awake", "in bed": "sleep_in_bed"]

    @Test("a night with a nap: the main sleep holds the night's stages in order, the nap stands apart")
    func mainSleepAndNap() throws {
        var fixture = DailyMetricsFixture()
        let state = try DailyMetricsFixture.state(SleepFoldTests.perfectNight(&fixture) + [fixture.sleep("Asleep", "2024-03-10T14:00", "2024-03-10T14:30")])
        let night = try state.night(for: DailyMetricsFixture.day("2024-03-10"))
        let main = try #require(night.main)
        #expect(main.stretches.filter(\.isAsleep).map(\.stage) == ["core", "deep", "rem", "core"])
        #expect(main.asleepHours == 8)
        #expect(night.naps.count == 1)
        #expect(night.naps.first?.asleepHours == 0.5)
        #expect(night.windowStart == DailyMetricsFixture.at("2024-03-09T18:00", night.utcOffset))
        #expect(try state.night(for: DailyMetricsFixture.day("2024-03-12")).sleeps.isEmpty)
    }

    @Test("every night's stretches add up to its sleep columns: main sleep per stage, naps and nap time")
    func stretchesAddUpToTheColumns() async {
        await propertyCheck(input: SleepFoldTests.samples) { samples in
            await recordingThrownErrors {
                let events = samples.enumerated().map { $1.event(id: UInt8($0 + 1)) }
                let state = try DailyMetricsFixture.state(events)
                for day in SleepFoldTests.nights {
                    let metrics = try state.metrics(for: day)
                    let night = try state.night(for: day)
                    let main = night.main?.stretches ?? []
                    #expect(abs((night.main?.asleepHours ?? 0) - (metrics["sleep_total"] ?? 0)) < 1e-9, "\(day) total")
                    for (stage, column) in Self.stageColumns {
                        let hours = main.filter { $0.stage == stage }.reduce(0) { $0 + $1.hours }
                        #expect(abs(hours - (metrics[column] ?? 0)) < 1e-9, "\(day) \(stage)")
                    }
                    #expect(Double(night.naps.count) == metrics["naps"] ?? 0, "\(day) naps")
                    #expect(abs(night.naps.reduce(0) { $0 + $1.asleepHours } - (metrics["nap_time"] ?? 0)) < 1e-9, "\(day) nap time")
                    let asleep = night.sleeps.flatMap(\.stretches).filter { $0.stage != "in bed" }.sorted { $0.start.micros < $1.start.micros }
                    for (earlier, later) in zip(asleep, asleep.dropFirst()) { #expect(earlier.end.micros <= later.start.micros, "\(day): stretches overlap") }
                }
            }
        }
    }
}
