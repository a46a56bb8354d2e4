import Foundation
import LedgerCore
import PropertyBased
import Testing
@testable import Charts

/// What every chart's ticks promise, the SVG charts' and the report's: round steps (1, 2 or 5
/// times a power of ten, or whole hours, days and months), the range covered, not too many.
@Suite struct TicksTests {
    static let ends = Gen.oneOf(Gen.double(in: -1e6...1e6), Gen.double(in: -1...1), Gen.double(in: 0...1e-3), Gen.int(in: -2...100).map(Double.init))

    static func isRound(_ step: Double) -> Bool {
        let power = pow(10, floor(log10(step)))
        return [1.0, 2, 5, 10].contains { abs(step / power - $0) < 1e-9 }
    }

    static func evenlySpaced(_ ticks: [Double], by step: Double) -> Bool {
        zip(ticks, ticks.dropFirst()).allSatisfy { abs(($1 - $0) - step) <= step * 1e-6 }
    }

    @Test func numericTicksAreRoundStepsInsideTheRange() async {
        await propertyCheck(count: 500, input: Self.ends, Self.ends, Gen.int(in: 2...8)) { a, b, count in
            let (low, high) = (min(a, b), max(a, b))
            let ticks = Ticks.numeric(low, high, count: count)
            guard high > low else { #expect(ticks == [low]); return }
            let step = Ticks.roundStep(atLeast: (high - low) / Double(count))
            #expect(Self.isRound(step) && Self.evenlySpaced(ticks, by: step), "\(low)…\(high): \(ticks)")
            #expect(ticks.allSatisfy { $0 >= low - step * 1e-9 && $0 <= high + step * 1e-9 }, "\(low)…\(high): \(ticks)")
            #expect(ticks.count <= count + 1, "\(low)…\(high), \(count): \(ticks)")
            let firstInRange = (low / step).rounded(.up) * step
            #expect(ticks.first.map { $0 - step < low + step * 1e-9 } ?? (firstInRange > high), "no round value in range is left out: \(low)…\(high), \(count): \(ticks)")
        }
    }

    @Test func aSpanHoldsEveryValueBetweenRoundTicks() async {
        await propertyCheck(count: 500, input: Self.ends, Self.ends) { a, b in
            let (low, high) = (min(a, b), max(a, b))
            let span = Ticks.spanning(low, high)
            #expect(Self.isRound(span.step) && Self.evenlySpaced(span.values, by: span.step), "\(low)…\(high): \(span.values)")
            #expect(span.floor <= low + span.step * 1e-9 && span.ceiling >= high - span.step * 1e-9 && span.floor < span.ceiling, "\(low)…\(high): \(span.values)")
            #expect(span.values.count <= 4 + 3, "\(low)…\(high): \(span.values)")
            #expect(span.floor + span.step > low - span.step * 1e-9 || high == low, "the first tick is the last round value at or below the lowest")
            #expect(span.decimals == (span.step >= 1 ? 0 : Int((-log10(span.step)).rounded(.up))))
        }
    }

    @Test func timeTicksFallOnWholeHoursInsideTheRange() async {
        let hour = 3_600_000_000.0
        await propertyCheck(count: 400, input: Gen.double(in: -3e15...3e15), Gen.double(in: 0...4e14)) { start, length in
            let ticks = Ticks.time(start, start + length)
            guard length > 0 else { #expect(ticks == [start]); return }
            let step = ticks.count > 1 ? ticks[1] - ticks[0] : 0
            #expect(ticks.allSatisfy { $0 >= start - 1 && $0 <= start + length + 1 && ($0 / hour).rounded() == $0 / hour })
            #expect(ticks.count <= 6 + 1 || step == Ticks.timeSteps.last, "\(ticks.count) ticks over \(length / hour) h")
        }
    }

    @Test func dayTicksAreRegularDaysOrFirstsOfMonthsWithinThePeriod() async {
        await propertyCheck(count: 400, input: Gen.int(in: 10_000...30_000), Gen.int(in: 0...4_000)) { start, length in
            let period = LocalDay(number: Int64(start))...LocalDay(number: Int64(start + length))
            let ticks = Ticks.days(period)
            #expect(!ticks.isEmpty || length >= 14 * 8, "a short period has its first day ticked")
            #expect(ticks.allSatisfy { period.contains(LocalDay(number: $0.day)) })
            #expect(ticks.count <= 8 + 1, "\(length + 1) days: \(ticks.map(\.label))")
            let steps = Set(zip(ticks, ticks.dropFirst()).map { $1.day - $0.day })
            if length + 1 <= 14 * 8 {
                #expect(ticks.first?.day == Int64(start) && steps.count <= 1 && steps.isSubset(of: [1, 2, 7, 14]))
                #expect(ticks.allSatisfy { $0.label.split(separator: " ").count == 2 && Int($0.label.split(separator: " ")[0]) != nil })
            } else {
                #expect(ticks.allSatisfy { CivilDate.fromDays($0.day).2 == 1 && $0.label.hasSuffix(" \(CivilDate.fromDays($0.day).0)") })
            }
        }
    }
}
