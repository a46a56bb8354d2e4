import Charts
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing

/// What a reader sees: the whole legend inside the picture, and a y axis for each unit so
/// that no series is flattened against another's range.
@Suite struct ChartLayoutTests {
    /// The view box, the legend's entries with where they start, and each panel's y axis with its label.
    final class Layout: NSObject, XMLParserDelegate {
        var viewBox: [Double] = []
        var legend: [(x: Double, text: String)] = []
        var yAxes: [(top: Double, bottom: Double)] = []
        var yLabels: [String] = []
        var xTicks = 0
        private var open: (cssClass: String, x: Double)?

        func parser(_ parser: XMLParser, didStartElement element: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]) {
            let cssClass = attributes["class"] ?? ""
            if element == "svg" { viewBox = (attributes["viewBox"] ?? "").split(separator: " ").compactMap { Double($0) } }
            if cssClass.contains("y-axis") { yAxes.append((Double(attributes["y1"] ?? "") ?? 0, Double(attributes["y2"] ?? "") ?? 0)) }
            if cssClass.contains("x-tick") { xTicks += 1 }
            open = element == "text" ? (cssClass, Double(attributes["x"] ?? "") ?? 0) : nil
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            guard let open else { return }
            if open.cssClass.contains("legend-label") { legend.append((open.x, string)) }
            if open.cssClass.contains("y-label") { yLabels.append(string) }
        }

        func parser(_ parser: XMLParser, didEndElement element: String, namespaceURI: String?, qualifiedName: String?) { open = nil }
    }

    static func layout(_ chart: Chart) throws -> Layout {
        let parser = XMLParser(data: Data(SVGChart.render(chart).utf8))
        let layout = Layout()
        parser.delegate = layout
        #expect(parser.parse())
        return layout
    }

    static let day = 86_400_000_000.0

    /// The widest a 12-pixel sans-serif label can plausibly render: 0.62 em a character
    /// (DejaVu Sans, rsvg-convert's default on Debian, averages about 0.55 em on such text).
    static func extent(_ text: String) -> Double { Double(text.count) * 12 * 0.62 }

    @Test(arguments: [1, 20, 45, 90])
    func theLegendStaysInsideTheViewBoxHoweverLongItsNames(length: Int) throws {
        let name = "resting_heart_rate avg " + String(repeating: "x", count: length) + " (count/min)"
        let chart = Chart(style: .line, title: "t", xAxis: .time, yLabel: "count/min", series: [
            Chart.Series(name: name, points: (0..<5).map { (x: Double($0) * Self.day, y: 60 + Double($0)) }, unit: "count/min"),
        ])
        let layout = try Self.layout(chart)
        let entry = try #require(layout.legend.first)
        #expect(entry.text == name)
        #expect(entry.x + Self.extent(name) <= layout.viewBox[2], "legend ends at \(entry.x + Self.extent(name)), view box is \(layout.viewBox[2]) wide")
    }

    @Test func seriesOfDifferentUnitsGetAYAxisEach() throws {
        let chart = Chart(style: .line, title: "resting_heart_rate, mood avg by day", xAxis: .time, yLabel: "value", series: [
            Chart.Series(name: "resting_heart_rate (count/min)", points: (0..<10).map { (x: Double($0) * Self.day, y: 55 + Double($0 % 4)) }, unit: "count/min"),
            Chart.Series(name: "mood avg (1-10)", points: (0..<10).map { (x: Double($0) * Self.day, y: 4 + Double($0 % 5)) }, unit: "1-10"),
            Chart.Series(name: "heart_rate max (count/min)", points: (0..<10).map { (x: Double($0) * Self.day, y: 120 + Double($0)) }, unit: "count/min"),
        ])
        let layout = try Self.layout(chart)
        #expect(layout.yAxes.count == 2, "one y axis per unit")
        #expect(layout.yLabels == ["count/min", "1-10"])
        let (upper, lower) = (layout.yAxes[0], layout.yAxes[1])
        #expect(upper.bottom < lower.top, "stacked panels do not overlap")
        #expect(lower.bottom <= layout.viewBox[3])
        #expect(layout.xTicks >= 4, "each panel's x axis has its tick values")
    }

    @Test func seriesOfOneUnitShareOneAxis() throws {
        let chart = Chart(style: .line, title: "steps", xAxis: .time, yLabel: "count", series: [
            Chart.Series(name: "daily.step_count (count)", points: [(0, 8000), (Self.day, 9000)], unit: "count"),
            Chart.Series(name: "friend_steps \"Ann\" (count)", points: [(0, 7000), (Self.day, 12000)], unit: "count"),
        ])
        let layout = try Self.layout(chart)
        #expect(layout.yAxes.count == 1)
        #expect(layout.yLabels == ["count"])
    }
}
