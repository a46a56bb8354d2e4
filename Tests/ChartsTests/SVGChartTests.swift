import Charts
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing

/// Charts are well-formed SVG with one mark per value, axes, labels with units and a legend.
@Suite struct SVGChartTests {
    /// Counts elements by their `class` words, and fails on XML that does not parse.
    final class MarkCounter: NSObject, XMLParserDelegate {
        var classes: [String: Int] = [:]
        var texts: [String] = []
        var root: String?
        private var inText = false

        func parser(_ parser: XMLParser, didStartElement element: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]) {
            if root == nil { root = element }
            for word in (attributes["class"] ?? "").split(separator: " ") { classes[String(word), default: 0] += 1 }
            inText = element == "text"
            if inText { texts.append("") }
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            if inText { texts[texts.count - 1] += string }
        }

        func parser(_ parser: XMLParser, didEndElement element: String, namespaceURI: String?, qualifiedName: String?) { inText = false }
    }

    func parse(_ svg: String) throws -> MarkCounter {
        let parser = XMLParser(data: Data(svg.utf8))
        let counter = MarkCounter()
        parser.delegate = counter
        #expect(parser.parse(), "not well-formed: \(String(describing: parser.parserError))")
        #expect(counter.root == "svg")
        return counter
    }

    static let day = 86_400_000_000.0

    @Test func lineChartHasAPolylineAndPointPerValue() throws {
        let chart = Chart(style: .line, title: "heart rate & <sleep>", xAxis: .time, yLabel: "count/min", series: [
            Chart.Series(name: "avg (count/min)", points: (0..<10).map { (x: Double($0) * Self.day, y: 60 + Double($0)) }),
            Chart.Series(name: "max (count/min)", points: (0..<7).map { (x: Double($0) * Self.day, y: 80 + Double($0 % 3)) }),
        ])
        let marks = try parse(SVGChart.render(chart))
        #expect(marks.classes["series"] == 2)
        #expect(marks.classes["point"] == 17)
        #expect(marks.classes["swatch"] == 2)
        #expect(marks.classes["x-axis"] == 1 && marks.classes["y-axis"] == 1)
        #expect((marks.classes["x-tick"] ?? 0) >= 2 && (marks.classes["y-tick"] ?? 0) >= 2)
        #expect(marks.texts.contains("heart rate & <sleep>"))
        #expect(marks.texts.contains("count/min"))
        #expect(marks.texts.contains("avg (count/min)") && marks.texts.contains("max (count/min)"))
    }

    @Test func largeTickValuesAreGroupedByThousands() throws {
        let chart = Chart(style: .bar, title: "steps", xAxis: .categories(["2026-01-05", "2026-01-06"]), yLabel: "count", series: [
            Chart.Series(name: "steps", points: [(0, 8_200), (1, 14_500)]),
        ])
        let texts = try parse(SVGChart.render(chart)).texts
        #expect(texts.contains("10,000"), "\(texts)")
        #expect(!texts.contains { $0.count >= 4 && $0.allSatisfy(\.isNumber) }, "an ungrouped number: \(texts)")
    }

    @Test func barChartHasABarPerValueOfEverySeries() throws {
        let chart = Chart(style: .bar, title: "doses", xAxis: .categories(["2026-01-05", "2026-01-12", "2026-01-19"]), yLabel: "count", series: [
            Chart.Series(name: "Ibuprofen", points: [(0, 2), (1, 0), (2, 5)]),
            Chart.Series(name: "Vitamin D", points: [(0, 7), (2, 6)]),
        ])
        let marks = try parse(SVGChart.render(chart))
        #expect(marks.classes["bar"] == 5)
        #expect(marks.classes["swatch"] == 2)
        #expect(marks.texts.contains("2026-01-12"))
    }

    @Test func scatterHasAPointPerPairAndTheFitWithPearsonR() throws {
        let points: [(x: Double, y: Double)] = (0..<25).map { index in
            let x = Double(index) / 4
            let y = 5 + Double(index % 7) / 3
            return (x: x, y: y)
        }
        let chart = Chart(style: .scatter, title: "sleep and mood", xAxis: .numbers(label: "sleep.total (hr)"), yLabel: "mood avg",
                          series: [Chart.Series(name: "25 days", points: points)], fit: Chart.Fit(slope: 0.1, intercept: 5.2, r: 0.43, n: 25))
        let marks = try parse(SVGChart.render(chart))
        #expect(marks.classes["point"] == 25)
        #expect(marks.classes["regression"] == 1)
        #expect(marks.texts.contains("Pearson r = 0.43, n = 25"))
        #expect(marks.texts.contains("sleep.total (hr)") && marks.texts.contains("mood avg"))
    }

    @Test func emptyChartSaysSo() throws {
        let marks = try parse(SVGChart.render(Chart(style: .line, title: "nothing", xAxis: .time, yLabel: "", series: [Chart.Series(name: "none", points: [])])))
        #expect(marks.classes["point"] == nil)
        #expect(marks.texts.contains("no data"))
    }
}
