/// Ordinary least squares of y on x.
public enum LeastSquares {
    /// The slope m = Σ(x−x̄)(y−ȳ) / Σ(x−x̄)², or nil with fewer than two distinct x.
    public static func slope(_ points: [(x: Double, y: Double)]) -> Double? {
        guard points.count >= 2 else { return nil }
        let meanX = points.map(\.x).reduce(0, +) / Double(points.count)
        let meanY = points.map(\.y).reduce(0, +) / Double(points.count)
        let spread = points.map { ($0.x - meanX) * ($0.x - meanX) }.reduce(0, +)
        guard spread > 0 else { return nil }
        return points.map { ($0.x - meanX) * ($0.y - meanY) }.reduce(0, +) / spread
    }

    /// The standard error of the slope, from the residuals around the fitted line (needs
    /// three points). Body weight's day-to-day noise (water) lingers for days, which makes
    /// the textbook error too small; the variance is widened by (1 + r)/(1 − r), r the
    /// residuals' lag-one autocorrelation in x order (kept within 0…0.9).
    public static func slopeStandardError(_ points: [(x: Double, y: Double)]) -> Double? {
        guard points.count >= 3, let slope = slope(points) else { return nil }
        let meanX = points.map(\.x).reduce(0, +) / Double(points.count)
        let meanY = points.map(\.y).reduce(0, +) / Double(points.count)
        let spread = points.map { ($0.x - meanX) * ($0.x - meanX) }.reduce(0, +)
        let residuals = points.map { $0.y - (meanY + slope * ($0.x - meanX)) }
        let squares = residuals.map { $0 * $0 }.reduce(0, +)
        let variance = squares / Double(points.count - 2)
        let lagged = zip(residuals, residuals.dropFirst()).map { $0 * $1 }.reduce(0, +)
        let r = squares > 0 ? min(0.9, max(0, lagged / squares)) : 0
        return (variance / spread * (1 + r) / (1 - r)).squareRoot()
    }
}
