import Charts
import LedgerCore
import PropertyBased
import Testing
@testable import HealthBundle

/// Before the report's own ticks go: Charts' ticks give the report exactly the values, steps,
/// labels and days it drew before.
@Suite struct TicksEquivalenceTests {
    static let ends = Gen.oneOf(Gen.double(in: -1e6...1e6), Gen.double(in: -1...1), Gen.double(in: 0...1e-3), Gen.double(in: 60...90), Gen.int(in: -2...100).map(Double.init), Gen.int(in: 100_000...200_000).map { Double($0) / 1000 })

    @Test func valueTicksEqualTheSpan() async {
        await propertyCheck(count: 3_000, input: Self.ends, Self.ends) { a, b in
            for (low, high) in [(min(a, b), max(a, b)), (a, a)] {
                let old = ValueTicks(low: low, high: high), new = Ticks.spanning(low, high)
                #expect(old.values.map(\.bitPattern) == new.values.map(\.bitPattern) && old.step.bitPattern == new.step.bitPattern, "\(low)…\(high)")
                #expect(old.values.map(old.label) == new.values.map { ReportChart.label($0, decimals: new.decimals) }, "\(low)…\(high)")
            }
        }
    }

    @Test func dateTicksEqualTheDays() async {
        await propertyCheck(count: 3_000, input: Gen.int(in: -1_000...40_000), Gen.int(in: 0...9_000), Gen.int(in: 3...12)) { start, length, most in
            let period = LocalDay(number: Int64(start))...LocalDay(number: Int64(start + length))
            let old = DateTicks(period, most: most).ticks, new = Ticks.days(period, most: most)
            #expect(old.map(\.day) == new.map(\.day) && old.map(\.label) == new.map(\.label), "\(start) +\(length), \(most)")
        }
    }
}
