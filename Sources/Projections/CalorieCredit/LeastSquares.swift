/// Ordinary least squares of y on x.
enum LeastSquares {
    /// The slope m = Σ(x−x̄)(y−ȳ) / Σ(x−x̄)², or nil with fewer than two distinct x.
    static func slope(_ points: [(x: Double, y: Double)]) -> Double? {
        guard points.count >= 2 else { return nil }
        let meanX = points.map(\.x).reduce(0, +) / Double(points.count)
        let meanY = points.map(\.y).reduce(0, +) / Double(points.count)
        let spread = points.map { ($0.x - meanX) * ($0.x - meanX) }.reduce(0, +)
        guard spread > 0 else { return nil }
        return points.map { ($0.x - meanX) * ($0.y - meanY) }.reduce(0, +) / spread
    }

    /// The standard error of the slope, from the residuals around the fitted line (needs three points).
    static func slopeStandardError(_ points: [(x: Double, y: Double)]) -> Double? {
        guard points.count >= 3, let slope = slope(points) else { return nil }
        let meanX = points.map(\.x).reduce(0, +) / Double(points.count)
        let meanY = points.map(\.y).reduce(0, +) / Double(points.count)
        let spread = points.map { ($0.x - meanX) * ($0.x - meanX) }.reduce(0, +)
        let residuals = points.map { $0.y - (meanY + slope * ($0.x - meanX)) }
        let variance = residuals.map { $0 * $0 }.reduce(0, +) / Double(points.count - 2)
        return (variance / spread).squareRoot()
    }
}
