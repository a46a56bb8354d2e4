import LedgerCore
import Projections
import PropertyBased
@testable import Query
import Testing

/// A daily column read over many days at once answers as day by day, in any order of days,
/// repeats and days without data included, for every column and a name that is none.
@Suite struct DailyValuesTests {
    static let keys = MetricCatalog.columns.map(\.key) + ["no_such_column"]

    @Test func manyDaysAtOnceAnswerAsDayByDay() async throws {
        let fixture = QueryFixture.shared
        let first = fixture.events.map { QueryFixture.day($0.start.micros, $0.utcOffset) }.min()!
        let days = Gen.int(in: -5...120).array(of: 0...40).map { $0.map { first + Int64($0) } }
        // Each way its own data, kept across the cases: what one has read, the other has not.
        let atOnce = try fixture.data(), dayByDay = try fixture.data()
        await propertyCheck(count: 100, input: Gen.element(of: Self.keys).map { $0 ?? "sleep.total" }, days) { key, days in
            #expect(try! atOnce.dailyValues(key, days: days) == days.map { try! dayByDay.dailyValue(key, day: $0) }, "\(key)")
        }
    }
}
