/// Welch's comparison of two groups' means: the difference, its confidence interval and p.
public struct Welch: Sendable, Equatable {
    public let withCount: Int
    public let withoutCount: Int
    public let withMean: Double
    public let withoutMean: Double
    /// withMean − withoutMean.
    public let difference: Double
    /// Welch–Satterthwaite degrees of freedom.
    public let degrees: Double
    public let t: Double
    public let p: Double
    public let lower: Double
    public let upper: Double
    public let confidence: Double

    /// Nil unless each group has at least 2 values and the groups vary.
    public init?(with: [Double], without: [Double], confidence: Double = 0.95) {
        guard with.count >= 2, without.count >= 2 else { return nil }
        func meanAndVariance(_ values: [Double]) -> (Double, Double) {
            let mean = values.reduce(0, +) / Double(values.count)
            return (mean, values.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(values.count - 1))
        }
        let (m1, v1) = meanAndVariance(with), (m2, v2) = meanAndVariance(without)
        let a = v1 / Double(with.count), b = v2 / Double(without.count)
        guard a + b > 0 else { return nil }
        let standardError = (a + b).squareRoot()
        withCount = with.count
        withoutCount = without.count
        withMean = m1
        withoutMean = m2
        difference = m1 - m2
        degrees = (a + b) * (a + b) / (a * a / Double(with.count - 1) + b * b / Double(without.count - 1))
        t = difference / standardError
        let distribution = StudentT(degrees: degrees)
        p = distribution.twoSidedP(t)
        let margin = distribution.quantile(1 - (1 - confidence) / 2) * standardError
        lower = difference - margin
        upper = difference + margin
        self.confidence = confidence
    }
}
