/// Pearson's correlation of paired values, with its t test and the least-squares line.
public struct Pearson: Sendable, Equatable {
    public let n: Int
    public let r: Double
    /// Two-sided p-value of r ≠ 0 (t = r √((n − 2) / (1 − r²)), n − 2 degrees of freedom).
    public let p: Double
    /// y = intercept + slope · x.
    public let slope: Double
    public let intercept: Double

    /// Nil with fewer than 3 pairs or when either side does not vary.
    public init?(_ xs: [Double], _ ys: [Double]) {
        let n = min(xs.count, ys.count)
        guard n >= 3 else { return nil }
        let meanX = xs.prefix(n).reduce(0, +) / Double(n), meanY = ys.prefix(n).reduce(0, +) / Double(n)
        var sxx = 0.0, syy = 0.0, sxy = 0.0
        for index in 0..<n {
            let dx = xs[index] - meanX, dy = ys[index] - meanY
            sxx += dx * dx
            syy += dy * dy
            sxy += dx * dy
        }
        guard sxx > 0, syy > 0 else { return nil }
        let r = max(-1, min(1, sxy / (sxx * syy).squareRoot()))
        self.n = n
        self.r = r
        let t = r * (Double(n - 2) / max(1e-300, 1 - r * r)).squareRoot()
        p = StudentT(degrees: Double(n - 2)).twoSidedP(t)
        slope = sxy / sxx
        intercept = meanY - slope * meanX
    }
}
