import Charts
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import PropertyBased
import Testing

/// The dashboard's sparklines: one line through the days that have a value, the last marked,
/// a label a screen reader reads, all in one line of the page.
@Suite struct SparklineTests {
    @Test func aMonthReadsAsTheLineThroughItsDays() {
        let values: [Double?] = [70, nil, 71.5, 69.25, nil, 72]
        #expect(Sparkline.svg(values, label: "Weight") == """
            <svg class="spark" viewBox="0 0 120 30" preserveAspectRatio="none" role="img" aria-label="Weight, last 6 days">\
            <polyline points="0.0,20.4 48.0,7.3 72.0,27.0 120.0,3.0" vector-effect="non-scaling-stroke"/><circle cx="120.0" cy="3.0" r="2"/></svg>
            """)
        #expect(Sparkline.svg([nil, 3, nil], label: "Ann's <mood>") == """
            <svg class="spark" viewBox="0 0 120 30" role="img" aria-label="Ann&#39;s &lt;mood&gt;: too few days to draw"></svg>
            """)
    }

    @Test func everyDayWithAValueIsAPointInsideThePicture() async throws {
        let days = Gen.element(of: [nil, 0, 1, -3.5, 72.4, 10_000] as [Double?]).map { $0 ?? nil }.array(of: 0...30)
        await propertyCheck(count: 200, input: days, Gen.element(of: ["Steps", "Ann's \"run\"", "a & b", "é\u{301}<"]).map { $0 ?? "" }) { values, label in
            let svg = Sparkline.svg(values, label: label)
            #expect(!svg.contains("\n"))
            guard let picture = Picture(svg) else { Issue.record("not XML: \(svg)"); return }
            let known = values.compactMap { $0 }.count
            #expect(picture.label.hasPrefix(label))
            #expect(picture.points.count == (known > 1 ? known : 0))
            #expect(picture.points.allSatisfy { (0...120).contains($0.x) && (0...30).contains($0.y) })
            if known > 1, let end = picture.points.last {
                #expect(picture.last?.x == end.x && picture.last?.y == end.y, "the last day is marked")
            } else {
                #expect(picture.last == nil)
            }
        }
    }

    /// The polyline's points, the circle's centre and the aria-label, read by an XML parser.
    final class Picture: NSObject, XMLParserDelegate {
        var points: [(x: Double, y: Double)] = []
        var last: (x: Double, y: Double)?
        var label = ""

        init?(_ svg: String) {
            super.init()
            let parser = XMLParser(data: Data(svg.utf8))
            parser.delegate = self
            guard parser.parse() else { return nil }
        }

        func parser(_ parser: XMLParser, didStartElement element: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]) {
            switch element {
            case "svg": label = attributes["aria-label"] ?? ""
            case "polyline":
                points = (attributes["points"] ?? "").split(separator: " ").compactMap { pair in
                    let parts = pair.split(separator: ",").compactMap { Double($0) }
                    return parts.count == 2 ? (parts[0], parts[1]) : nil
                }
            case "circle": last = (Double(attributes["cx"] ?? "") ?? -1, Double(attributes["cy"] ?? "") ?? -1)
            default: break
            }
        }
    }
}
