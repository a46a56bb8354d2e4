/// Renders a chart as a standalone SVG document: axes with ticks, axis labels with units,
/// a legend, and the marks of each series (lines with points, bars, or points with a fit).
public enum SVGChart {
    static let width = 860.0, height = 480.0
    static let left = 80.0, right = 200.0, top = 48.0, bottom = 64.0

    public static func render(_ chart: Chart) -> String {
        let frame = PlotFrame(chart: chart)
        var svg = SVGWriter(width: width, height: height)
        svg.text(chart.title, x: left, y: 28, cssClass: "title", attributes: "font-size=\"16\" font-weight=\"bold\"")
        frame.drawAxes(into: &svg, chart: chart)
        switch chart.style {
        case .line: drawLines(chart, frame, &svg)
        case .bar: drawBars(chart, frame, &svg)
        case .scatter: drawScatter(chart, frame, &svg)
        }
        drawLegend(chart, &svg)
        if chart.series.allSatisfy({ $0.points.isEmpty }) {
            svg.text("no data", x: left + frame.plotWidth / 2, y: top + frame.plotHeight / 2, cssClass: "empty", attributes: "text-anchor=\"middle\"")
        }
        return svg.document
    }

    static func drawLines(_ chart: Chart, _ frame: PlotFrame, _ svg: inout SVGWriter) {
        for (index, series) in chart.series.enumerated() {
            let color = SVGText.color(index)
            let points = series.points.sorted { $0.x < $1.x }.map { (frame.x($0.x), frame.y($0.y)) }
            svg.polyline(points, color: color)
            for point in points { svg.circle(x: point.0, y: point.1, radius: 2.5, color: color, cssClass: "point") }
        }
    }

    static func drawBars(_ chart: Chart, _ frame: PlotFrame, _ svg: inout SVGWriter) {
        let groups = max(1, chart.series.count)
        let band = frame.plotWidth / Double(max(1, frame.categoryCount))
        let barWidth = band * 0.8 / Double(groups)
        for (index, series) in chart.series.enumerated() {
            for point in series.points {
                let x = left + band * point.x + band * 0.1 + barWidth * Double(index)
                let zero = frame.y(0), top = frame.y(point.y)
                svg.rect(x: x, y: min(zero, top), width: barWidth, height: abs(zero - top), color: SVGText.color(index))
            }
        }
    }

    static func drawScatter(_ chart: Chart, _ frame: PlotFrame, _ svg: inout SVGWriter) {
        for (index, series) in chart.series.enumerated() {
            for point in series.points { svg.circle(x: frame.x(point.x), y: frame.y(point.y), radius: 3.5, color: SVGText.color(index), cssClass: "point") }
        }
        guard let fit = chart.fit else { return }
        let (low, high) = (frame.xRange.lowerBound, frame.xRange.upperBound)
        svg.line(x1: frame.x(low), y1: frame.y(fit.intercept + fit.slope * low), x2: frame.x(high), y2: frame.y(fit.intercept + fit.slope * high),
                 color: "#444444", cssClass: "regression", dashed: true)
        let y = top + 24 * Double(chart.series.count + 1) + 8
        svg.text("Pearson r = \(SVGText.number(fit.r)), n = \(fit.n)", x: width - right + 12, y: y, cssClass: "fit", attributes: "font-size=\"11\"")
        svg.text("y = \(Ticks.label((fit.intercept * 1000).rounded() / 1000)) + \(Ticks.label((fit.slope * 1000).rounded() / 1000)) x",
                 x: width - right + 12, y: y + 16, cssClass: "fit", attributes: "font-size=\"11\"")
    }

    static func drawLegend(_ chart: Chart, _ svg: inout SVGWriter) {
        svg.open("g", attributes: "class=\"legend\"")
        for (index, series) in chart.series.enumerated() {
            let y = top + 24 * Double(index)
            svg.rect(x: width - right + 12, y: y, width: 12, height: 12, color: SVGText.color(index), cssClass: "swatch")
            svg.text(series.name, x: width - right + 30, y: y + 10, cssClass: "legend-label", attributes: "font-size=\"12\"")
        }
        if chart.fit != nil {
            let y = top + 24 * Double(chart.series.count)
            svg.line(x1: width - right + 12, y1: y + 6, x2: width - right + 24, y2: y + 6, color: "#444444", cssClass: "legend-fit", dashed: true)
            svg.text("least-squares fit", x: width - right + 30, y: y + 10, cssClass: "legend-label", attributes: "font-size=\"12\"")
        }
        svg.close("g")
    }
}
