/// Student's t distribution with `degrees` of freedom (need not be whole: Welch's are not).
public struct StudentT: Sendable {
    public let degrees: Double

    public init(degrees: Double) { self.degrees = degrees }

    /// P(|T| ≥ |t|): the two-sided p-value of a t statistic.
    public func twoSidedP(_ t: Double) -> Double {
        guard t.isFinite else { return 0 }
        return SpecialFunctions.incompleteBeta(degrees / (degrees + t * t), degrees / 2, 0.5)
    }

    /// P(T ≤ t).
    public func cdf(_ t: Double) -> Double {
        let tail = twoSidedP(t) / 2
        return t >= 0 ? 1 - tail : tail
    }

    /// The t with P(T ≤ t) = p, found by bisection on the distribution function.
    public func quantile(_ p: Double) -> Double {
        var low = -1e3, high = 1e3
        for _ in 0..<200 {
            let middle = (low + high) / 2
            if cdf(middle) < p { low = middle } else { high = middle }
        }
        return (low + high) / 2
    }
}
