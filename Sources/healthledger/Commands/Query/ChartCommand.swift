// Public: the conformance at the end, of Charts' public `Chart.Style`, is as public as the type.
public import ArgumentParser
import Charts
import Foundation
import LedgerApplication
import LedgerCore
import Query

struct ChartCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "chart", abstract: "Draw a query as an SVG line, bar or scatter chart (and a PNG when rsvg-convert is installed).",
        discussion: """
            chart line 'heart_rate avg, heart_rate max by day where last 30d' --out heart.svg
            chart bar 'dose count by week' --out doses.svg
            chart scatter 'sleep.total, mood avg by day' --out sleep-mood.svg --png sleep-mood.png
            """)

    @Argument(help: "line, bar or scatter.") var style: Chart.Style
    @Argument(help: "The query (`healthledger query --help` shows examples).") var query: String
    @Option(help: "The SVG file to write.", completion: .file(extensions: ["svg"])) var out: String
    @Option(help: "Also write a PNG (needs rsvg-convert, from librsvg2-bin).", completion: .file(extensions: ["png"])) var png: String?
    @Option(help: "The chart's title (default: the query).") var title: String?
    @Flag(help: "Print what was drawn as one JSON object.") var json = false
    @OptionGroup var options: QueryOptions

    func run() throws {
        let result = try options.run(query, on: try options.data())
        let chart: Chart
        do {
            chart = try result.chart(style, title: title ?? query)
        } catch {
            throw ExitStatus.Failure(status: .invalidInput, message: "cannot draw '\(query)' as a \(style.rawValue) chart: \(error)")
        }
        let svg = SVGChart.render(chart)
        try PrivateFile.writeOutput(svg, to: out)
        if let png { try PNGConverter.convert(svgFile: out, to: png) }
        if json {
            var fields: [(String, DocValue)] = [
                ("svg", .string(out)),
                ("series", .array(chart.series.map { .map(Document([("name", .string($0.name)), ("points", .int(Int64($0.points.count)))])) })),
            ]
            if let png { fields.append(("png", .string(png))) }
            if let fit = chart.fit { fields.append(("fit", .map(Document([("r", .double(fit.r)), ("n", .int(Int64(fit.n)))])))) }
            print(JSONWriter.string(Document(fields)))
            return
        }
        print("wrote \(out): \(chart.series.map { "\($0.name), \($0.points.count) points" }.joined(separator: "; "))"
              + (chart.fit.map { String(format: "; r = %.3f (n = %d)", $0.r, $0.n) } ?? ""))
        if let png { print("wrote \(png)") }
    }
}

extension Chart.Style: ExpressibleByArgument {}
