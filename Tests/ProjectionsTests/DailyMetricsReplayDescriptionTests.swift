import LedgerCore
import Testing
@testable import Projections

/// What `replay` says of the daily-metrics days it changed: every changed day is accounted
/// for, whether a value moved, appeared, disappeared, or only its stored form changed.
@Suite struct DailyMetricsReplayDescriptionTests {
    /// The stored view a fold of `events` writes, and the keys of its partitions.
    static func stored(_ events: [Event]) throws -> (view: DailyMetricsViewState, keys: Set<[UInt8]>) {
        let fold = try DailyMetricsFixture.state(events)
        var stored: [[UInt8]: [UInt8]] = [:]
        for partition in fold.touchedPartitions { stored[DailyMetricsView.key(partition)] = fold.encoded(partition) }
        return (try DailyMetricsViewState { stored[$0] }, Set(stored.keys))
    }

    @Test func aValueThatMovesAppearsOrDisappearsIsNamedWithItsDay() throws {
        var fixture = DailyMetricsFixture()
        let morning = fixture.sample("StepCount", 100, "count", "2024-03-08T09:00", "2024-03-08T09:10")
        let before = try Self.stored([morning, fixture.sample("StepCount", 50, "count", "2024-03-09T09:00", "2024-03-09T09:10")])
        let after = try Self.stored([
            morning, fixture.sample("StepCount", 60, "count", "2024-03-08T10:00", "2024-03-08T10:10"),
            fixture.sample("BodyMass", 70, "kg", "2024-03-10T08:00"),
        ])
        let lines = try DailyMetricsView.describeChanges(from: before.view, to: after.view, keys: Array(before.keys.union(after.keys)).sorted { $0.lexicographicallyPrecedes($1) })
        #expect(lines == [
            "daily-metrics v\(DailyMetricsView.version) changed 3 days; step_count mean +60; emptied: step_count on 1 day; filled: body_mass on 1 day",
            "  2024-03-08: step_count +60", "  2024-03-09: step_count emptied (was 50)", "  2024-03-10: body_mass filled (70)",
        ])
    }

    @Test func aDayStoredAnewThatReadsTheSameIsCountedAsSuch() throws {
        var fixture = DailyMetricsFixture()
        let steps = fixture.sample("StepCount", 100, "count", "2024-03-08T09:00", "2024-03-08T09:10")
        let state = try Self.stored([steps])
        let lines = try DailyMetricsView.describeChanges(from: state.view, to: try Self.stored([steps]).view, keys: Array(state.keys))
        #expect(lines == ["daily-metrics v\(DailyMetricsView.version) changed 1 day; 1 stored anew, reading as before"])
    }
}
