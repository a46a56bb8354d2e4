import Foundation
import LedgerCore
import PropertyBased
import Testing
@testable import Charts

/// Before the old forms go: the charts' ticks, with the step choice shared with the report's,
/// and the SVG escape, equal what they were.
@Suite struct ChartTicksEquivalenceTests {
    static func oldNumeric(_ low: Double, _ high: Double, count: Int = 5) -> [Double] {
        guard high > low else { return [low] }
        let rough = (high - low) / Double(count)
        let power = pow(10, floor(log10(rough)))
        let step = [1.0, 2, 5, 10].map { $0 * power }.first { $0 >= rough } ?? 10 * power
        let first = (low / step).rounded(.up) * step
        return stride(from: first, through: high + step * 1e-9, by: step).map { abs($0) < step * 1e-9 ? 0 : $0 }
    }

    static func oldTime(_ low: Double, _ high: Double, count: Int = 6) -> [Double] {
        guard high > low else { return [low] }
        let step = Ticks.timeSteps.first { (high - low) / $0 <= Double(count) } ?? Ticks.timeSteps.last!
        let first = (low / step).rounded(.up) * step
        return Array(stride(from: first, through: high, by: step))
    }

    static func oldEscape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }

    static let ends = Gen.oneOf(Gen.double(in: -1e6...1e6), Gen.double(in: -1...1), Gen.double(in: 0...1e-3), Gen.int(in: -2...100).map(Double.init))

    @Test func numericAndTimeTicksEqualTheOldOnes() async {
        await propertyCheck(count: 3_000, input: Self.ends, Self.ends, Gen.int(in: 2...8)) { a, b, count in
            let (low, high) = (min(a, b), max(a, b))
            #expect(Ticks.numeric(low, high, count: count).map(\.bitPattern) == Self.oldNumeric(low, high, count: count).map(\.bitPattern))
        }
        await propertyCheck(count: 3_000, input: Gen.double(in: -3e15...3e15), Gen.double(in: 0...1e15)) { start, length in
            #expect(Ticks.time(start, start + length).map(\.bitPattern) == Self.oldTime(start, start + length).map(\.bitPattern))
        }
    }

    /// Text without a markup character that a combining mark joins (the old escape's gap).
    @Test func theEscapeEqualsTheOldSVGOne() async {
        let scalars: [Unicode.Scalar] = ["&", "<", ">", "\"", "'", "a", " ", "é", "\u{1F468}", ";", "#", "\n"]
        await propertyCheck(count: 2_000, input: Gen.element(of: scalars).map { $0 ?? "a" }.array(of: 0...24)) { list in
            let text = String(String.UnicodeScalarView(list))
            #expect(Array(Markup.escape(text, quotes: .double).utf8) == Array(Self.oldEscape(text).utf8))
        }
    }
}
