import Charts
import PropertyBased
import Testing
@testable import Dashboard

/// Before the page's own sparkline and escape go: the ones in Charts write the same bytes.
@Suite struct SparklineEquivalenceTests {
    @Test func chartsSparklineEqualsThePagesOwn() async {
        let days = Gen.element(of: [nil, 0, 1, -3.5, 72.4, 10_000, 0.123, 99.99] as [Double?]).map { $0 ?? nil }.array(of: 0...40)
        await propertyCheck(count: 3_000, input: days, Gen.element(of: ["Steps", "Ann's \"run\"", "a & b <c>", "Weight (kg)"]).map { $0 ?? "" }) { values, label in
            #expect(Array(Charts.Sparkline.svg(values, label: label).utf8) == Array(Dashboard.Sparkline.svg(values, label: label).utf8))
        }
    }

    /// Text without a markup character that a combining mark joins (the old escape's gap).
    @Test func theEscapeEqualsThePagesOwn() async {
        let scalars: [Unicode.Scalar] = ["&", "<", ">", "\"", "'", "a", " ", "é", "\u{1F468}", ";", "#", "\n"]
        await propertyCheck(count: 2_000, input: Gen.element(of: scalars).map { $0 ?? "a" }.array(of: 0...24)) { list in
            let text = String(String.UnicodeScalarView(list))
            #expect(Array(Markup.escape(text).utf8) == Array(HTML.escape(text).utf8))
        }
    }
}
