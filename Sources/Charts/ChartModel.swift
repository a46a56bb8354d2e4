/// What a chart shows: series of points, how the x axis reads, titles and units.
public struct Chart: Sendable {
    public enum Style: String, CaseIterable, Sendable { case line, bar, scatter }

    /// How x values read: numbers, local times (microseconds since 1970, as if UTC), or
    /// category indexes into `categories`.
    public enum XAxis: Sendable, Equatable {
        case numbers(label: String)
        case time
        case categories([String])
    }

    public struct Series: Sendable {
        public let name: String
        public let points: [(x: Double, y: Double)]
        /// What the y values measure; series of different units get a y axis each.
        public let unit: String?

        public init(name: String, points: [(x: Double, y: Double)], unit: String? = nil) {
            self.name = name
            self.points = points
            self.unit = unit
        }
    }

    /// A least-squares line and its Pearson r, drawn on scatter plots.
    public struct Fit: Sendable {
        public let slope: Double
        public let intercept: Double
        public let r: Double
        public let n: Int

        public init(slope: Double, intercept: Double, r: Double, n: Int) {
            self.slope = slope
            self.intercept = intercept
            self.r = r
            self.n = n
        }
    }

    public var style: Style
    public var title: String
    public var xAxis: XAxis
    public var yLabel: String
    public var series: [Series]
    public var fit: Fit?

    /// The series grouped by unit, in order of first appearance: one panel (and y axis)
    /// each, labelled with the unit; a single group reads `yLabel`.
    var panels: [(label: String, series: [(index: Int, series: Series)])] {
        var panels: [(label: String, series: [(index: Int, series: Series)])] = []
        for (index, item) in series.enumerated() {
            let label = item.unit ?? yLabel
            if let panel = panels.firstIndex(where: { $0.label == label }) {
                panels[panel].series.append((index, item))
            } else {
                panels.append((label, [(index, item)]))
            }
        }
        if panels.count == 1 { panels[0].label = yLabel }
        return panels.isEmpty ? [(yLabel, [])] : panels
    }

    public init(style: Style, title: String, xAxis: XAxis, yLabel: String, series: [Series], fit: Fit? = nil) {
        self.style = style
        self.title = title
        self.xAxis = xAxis
        self.yLabel = yLabel
        self.series = series
        self.fit = fit
    }
}
