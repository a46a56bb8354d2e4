/// A curve through points, straight between them and flat beyond the first and last.
public struct PiecewiseLinear: Sendable {
    /// (input, output), inputs increasing.
    public let points: [(Double, Double)]

    public init(_ points: [(Double, Double)]) { self.points = points }

    public func callAsFunction(_ x: Double) -> Double {
        guard let first = points.first, let last = points.last else { return 0 }
        if x <= first.0 { return first.1 }
        if x >= last.0 { return last.1 }
        let upper = points.firstIndex { $0.0 >= x }!
        let (x0, y0) = points[upper - 1], (x1, y1) = points[upper]
        return y0 + (y1 - y0) * (x - x0) / (x1 - x0)
    }
}
