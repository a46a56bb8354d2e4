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

        public init(name: String, points: [(x: Double, y: Double)]) {
            self.name = name
            self.points = points
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

    public init(style: Style, title: String, xAxis: XAxis, yLabel: String, series: [Series], fit: Fit? = nil) {
        self.style = style
        self.title = title
        self.xAxis = xAxis
        self.yLabel = yLabel
        self.series = series
        self.fit = fit
    }
}
