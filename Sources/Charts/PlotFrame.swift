/// One panel's plot area and the scales from data to pixels: x is shared by every panel
/// of a chart, y belongs to the panel's series.
struct PlotFrame {
    let xRange: ClosedRange<Double>
    let yRange: ClosedRange<Double>
    let categoryCount: Int
    let top: Double
    let plotHeight: Double
    let plotWidth = SVGChart.plotWidth

    init(chart: Chart, series: [Chart.Series], top: Double, height: Double) {
        self.top = top
        plotHeight = height
        let points = chart.series.flatMap(\.points)
        var ys = series.flatMap(\.points).map(\.y)
        if chart.style == .bar { ys.append(0) }
        if case .categories(let names) = chart.xAxis {
            categoryCount = names.count
            xRange = 0...Double(max(1, names.count))
        } else {
            categoryCount = 0
            xRange = Self.padded(points.map(\.x), fraction: chart.style == .scatter ? 0.05 : 0)
        }
        let padded = Self.padded(ys, fraction: 0.05)
        let ticks = Ticks.numeric(padded.lowerBound, padded.upperBound)
        yRange = min(padded.lowerBound, ticks.first ?? 0)...max(padded.upperBound, ticks.last ?? 1)
    }

    /// The range of `values`, widened by `fraction` of its span (or by 1 when flat).
    static func padded(_ values: [Double], fraction: Double) -> ClosedRange<Double> {
        guard let low = values.min(), let high = values.max() else { return 0...1 }
        guard high > low else { return (low - 1)...(high + 1) }
        let margin = (high - low) * fraction
        return (low - margin)...(high + margin)
    }

    var bottom: Double { top + plotHeight }

    func x(_ value: Double) -> Double {
        SVGChart.left + (value - xRange.lowerBound) / (xRange.upperBound - xRange.lowerBound) * plotWidth
    }

    func y(_ value: Double) -> Double {
        top + plotHeight - (value - yRange.lowerBound) / (yRange.upperBound - yRange.lowerBound) * plotHeight
    }

    /// Both axes with tick values, and the y axis' label (`yLabel`, the panel's unit).
    func drawAxes(into svg: inout SVGWriter, chart: Chart, yLabel: String) {
        let left = SVGChart.left
        svg.line(x1: left, y1: bottom, x2: left + plotWidth, y2: bottom, color: "#333333", cssClass: "axis x-axis")
        svg.line(x1: left, y1: top, x2: left, y2: bottom, color: "#333333", cssClass: "axis y-axis")
        for tick in Ticks.numeric(yRange.lowerBound, yRange.upperBound) {
            svg.line(x1: left - 4, y1: y(tick), x2: left + plotWidth, y2: y(tick), color: "#e5e5e5", cssClass: "grid")
            svg.text(Ticks.label(tick), x: left - 8, y: y(tick) + 4, cssClass: "tick y-tick", attributes: "font-size=\"11\" text-anchor=\"end\"")
        }
        switch chart.xAxis {
        case .categories(let names):
            let band = plotWidth / Double(max(1, names.count))
            // About 80 pixels per label, so that dates do not run into each other.
            let every = max(1, Int((Double(names.count) * 80 / plotWidth).rounded(.up)))
            for (index, name) in names.enumerated() where index % every == 0 {
                svg.text(name, x: left + band * (Double(index) + 0.5), y: bottom + 16, cssClass: "tick x-tick", attributes: "font-size=\"11\" text-anchor=\"middle\"")
            }
        case .time:
            let ticks = Ticks.time(xRange.lowerBound, xRange.upperBound)
            let step = ticks.count > 1 ? ticks[1] - ticks[0] : 86_400_000_000
            for tick in ticks {
                svg.text(TimeLabel.text(tick, step: step), x: x(tick), y: bottom + 16, cssClass: "tick x-tick", attributes: "font-size=\"11\" text-anchor=\"middle\"")
            }
        case .numbers:
            for tick in Ticks.numeric(xRange.lowerBound, xRange.upperBound) {
                svg.line(x1: x(tick), y1: bottom, x2: x(tick), y2: bottom + 4, color: "#333333", cssClass: "tick-mark")
                svg.text(Ticks.label(tick), x: x(tick), y: bottom + 16, cssClass: "tick x-tick", attributes: "font-size=\"11\" text-anchor=\"middle\"")
            }
        }
        let middle = top + plotHeight / 2
        svg.text(yLabel, x: 20, y: middle, cssClass: "axis-label y-label",
                 attributes: "font-size=\"12\" text-anchor=\"middle\" transform=\"rotate(-90 20 \(SVGText.number(middle)))\"")
    }

    /// The x axis' label, once under the lowest panel.
    func drawXLabel(into svg: inout SVGWriter, chart: Chart) {
        let xLabel: String = switch chart.xAxis {
        case .numbers(let label): label
        case .time: "local time"
        case .categories: ""
        }
        svg.text(xLabel, x: SVGChart.left + plotWidth / 2, y: bottom + 40, cssClass: "axis-label x-label", attributes: "font-size=\"12\" text-anchor=\"middle\"")
    }
}
