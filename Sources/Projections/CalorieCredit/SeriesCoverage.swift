/// How much of the estimation window a series covers: the seed's confidence and validity.
public struct SeriesCoverage: Equatable, Sendable {
    /// Days with at least one value.
    public let points: Int
    /// Days from the first to the last day with a value, both counted (0 with no values).
    public let span: Int
    /// The points needed for full confidence: 7 weights, 14 intake days.
    public let minPoints: Int

    /// Coverage of `values`, one per window day, nil where nothing was recorded.
    public init(_ values: [Double?], minPoints: Int) {
        let present = values.indices.filter { values[$0] != nil }
        points = present.count
        span = present.first.flatMap { first in present.last.map { $0 - first + 1 } } ?? 0
        self.minPoints = minPoints
    }

    /// min(1, points / minPoints) × min(1, span / 28).
    public var confidence: Double {
        min(1, Double(points) / Double(minPoints)) * min(1, Double(span) / Double(CalorieAlgorithmV1.windowDays))
    }

    /// points ≥ minPoints and span ≥ 14 days.
    public var isValid: Bool { points >= minPoints && span >= CalorieAlgorithmV1.minimumSpanDays }
}
