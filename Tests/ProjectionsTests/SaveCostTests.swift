import LedgerCore
import Projections
import Testing

/// Saving a changed partition holds a copy of at least one store page until its transaction
/// commits, so a fold that touches many partitions with little in each must still ask to be
/// saved before the save grows large: late in a 6M-record import, one reading a day for
/// every day of fifteen years made saves of 30,000 partitions.
@Suite struct SaveCostTests {
    /// One body-mass reading a day, a day apart, for `days` days.
    private func dailyReadings(days: Int) -> [Event] {
        (0..<days).map { day in
            Event(
                SampleRecorded(type: "HKQuantityTypeIdentifierBodyMass", value: 80, unit: "kg"),
                start: Timestamp(micros: (1_600_000_000 + Int64(day) * 86_400) * 1_000_000), utcOffset: 0,
                source: Source(name: "Withings"))
        }
    }

    private func residentSizeAfterFolding<Kind: ProjectionKind>(_ kind: Kind.Type, days: Int) throws -> (size: Int, changes: Int) {
        let state = try Kind.makeState { _ in nil }
        for event in dailyReadings(days: days) { try state.add(event) }
        let size = state.residentSize
        return (size, state.drainChanges().count)
    }

    @Test(arguments: [1_000, 4_000])
    func dailyMetricsWeighEveryChangedDayAtLeastAPage(days: Int) throws {
        let (size, changes) = try residentSizeAfterFolding(DailyMetricsView.self, days: days)
        #expect(changes >= days)
        #expect(size >= changes * 4_096)
    }

    @Test func theQueryIndexWeighsEveryChangedMonthAtLeastAPage() throws {
        let (size, changes) = try residentSizeAfterFolding(QueryIndexView.self, days: 3_000)
        #expect(changes >= 98)
        #expect(size >= changes * 4_096)
    }
}
