/// Renders a chart as a standalone SVG document: axes with ticks, axis labels with units,
/// a legend, and the marks of each series (lines with points, bars, or points with a fit).
///
/// Series of different units are drawn in stacked panels sharing the x axis, one y axis
/// per unit, so that no series is flattened by another's range. The document widens to
/// hold the longest legend entry, so the legend never runs out of the view box.
public enum SVGChart {
    static let left = 80.0, top = 48.0, bottom = 64.0
    static let plotWidth = 580.0
    /// One panel's height, and the room between stacked panels for the upper one's x ticks.
    static let singlePanelHeight = 368.0, stackedPanelHeight = 200.0, panelGap = 44.0
    static let legendX = left + plotWidth + 12

    public static func render(_ chart: Chart) -> String {
        let panels = chart.panels
        let panelHeight = panels.count == 1 ? singlePanelHeight : stackedPanelHeight
        let height = top + panelHeight * Double(panels.count) + panelGap * Double(panels.count - 1) + bottom
        var svg = SVGWriter(width: width(chart), height: height)
        svg.text(chart.title, x: left, y: 28, cssClass: "title", attributes: "font-size=\"16\" font-weight=\"bold\"")
        var lowest: PlotFrame?
        for (number, panel) in panels.enumerated() {
            let frame = PlotFrame(chart: chart, series: panel.series.map(\.series), top: top + Double(number) * (panelHeight + panelGap), height: panelHeight)
            frame.drawAxes(into: &svg, chart: chart, yLabel: panel.label)
            switch chart.style {
            case .line: drawLines(panel.series, frame, &svg)
            case .bar: drawBars(panel.series, frame, &svg)
            case .scatter: drawScatter(chart, frame, &svg)
            }
            lowest = frame
        }
        lowest?.drawXLabel(into: &svg, chart: chart)
        drawLegend(chart, &svg)
        if chart.series.allSatisfy({ $0.points.isEmpty }) {
            svg.text("no data", x: left + plotWidth / 2, y: top + panelHeight / 2, cssClass: "empty", attributes: "text-anchor=\"middle\"")
        }
        return svg.document
    }

    /// Wide enough for the plot and the longest legend entry or the title, whichever ends last.
    static func width(_ chart: Chart) -> Double {
        var entries = chart.series.map(\.name)
        if chart.fit != nil { entries.append("least-squares fit") }
        let legend = entries.map { legendX + 18 + SVGText.width($0, size: 12) }.max() ?? legendX
        var fit = 0.0
        if let line = chart.fit.map(fitLines)?.map({ SVGText.width($0, size: 11) }).max() { fit = legendX + line }
        return (max(860, legend, fit, left + SVGText.width(chart.title, size: 16, bold: true)) + 16).rounded(.up)
    }

    static func drawLines(_ series: [(index: Int, series: Chart.Series)], _ frame: PlotFrame, _ svg: inout SVGWriter) {
        for (index, item) in series {
            let color = SVGText.color(index)
            let points = item.points.sorted { $0.x < $1.x }.map { (frame.x($0.x), frame.y($0.y)) }
            svg.polyline(points, color: color)
            for point in points { svg.circle(x: point.0, y: point.1, radius: 2.5, color: color, cssClass: "point") }
        }
    }

    static func drawBars(_ series: [(index: Int, series: Chart.Series)], _ frame: PlotFrame, _ svg: inout SVGWriter) {
        let groups = max(1, series.count)
        let band = frame.plotWidth / Double(max(1, frame.categoryCount))
        let barWidth = band * 0.8 / Double(groups)
        for (position, (index, item)) in series.enumerated() {
            for point in item.points {
                let x = left + band * point.x + band * 0.1 + barWidth * Double(position)
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
        for (number, line) in fitLines(fit).enumerated() {
            svg.text(line, x: legendX, y: y + 16 * Double(number), cssClass: "fit", attributes: "font-size=\"11\"")
        }
    }

    static func fitLines(_ fit: Chart.Fit) -> [String] {
        ["Pearson r = \(SVGText.number(fit.r)), n = \(fit.n)",
         "y = \(Ticks.label((fit.intercept * 1000).rounded() / 1000)) + \(Ticks.label((fit.slope * 1000).rounded() / 1000)) x"]
    }

    static func drawLegend(_ chart: Chart, _ svg: inout SVGWriter) {
        svg.open("g", attributes: "class=\"legend\"")
        for (index, series) in chart.series.enumerated() {
            let y = top + 24 * Double(index)
            svg.rect(x: legendX, y: y, width: 12, height: 12, color: SVGText.color(index), cssClass: "swatch")
            svg.text(series.name, x: legendX + 18, y: y + 10, cssClass: "legend-label", attributes: "font-size=\"12\"")
        }
        if chart.fit != nil {
            let y = top + 24 * Double(chart.series.count)
            svg.line(x1: legendX, y1: y + 6, x2: legendX + 12, y2: y + 6, color: "#444444", cssClass: "legend-fit", dashed: true)
            svg.text("least-squares fit", x: legendX + 18, y: y + 10, cssClass: "legend-label", attributes: "font-size=\"12\"")
        }
        svg.close("g")
    }
}
