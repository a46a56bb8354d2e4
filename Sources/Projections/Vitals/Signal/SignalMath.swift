/// Small statistics the vitals algorithms share.
enum SignalMath {
    /// `values` minus their least-squares straight line: removes slow drift (a finger
    /// warming, a phone settling) before filtering.
    static func detrended(_ values: [Double]) -> [Double] {
        let count = Double(values.count)
        guard values.count > 1 else { return values.map { _ in 0 } }
        let meanX = (count - 1) / 2
        let meanY = values.reduce(0, +) / count
        var covariance = 0.0, variance = 0.0
        for (index, value) in values.enumerated() {
            let dx = Double(index) - meanX
            covariance += dx * (value - meanY)
            variance += dx * dx
        }
        let slope = covariance / variance
        return values.enumerated().map { index, value in value - meanY - slope * (Double(index) - meanX) }
    }

    static func rootMeanSquare(_ values: ArraySlice<Double>) -> Double {
        guard !values.isEmpty else { return 0 }
        return (values.reduce(0) { $0 + $1 * $1 } / Double(values.count)).squareRoot()
    }

    /// The value below which `fraction` of `values` lie (nearest rank).
    static func quantile(_ values: [Double], _ fraction: Double) -> Double {
        guard !values.isEmpty else { return 0 }
        let sorted = values.sorted()
        return sorted[min(sorted.count - 1, max(0, Int((Double(sorted.count - 1) * fraction).rounded())))]
    }

    static func median(_ values: [Double]) -> Double { quantile(values, 0.5) }
}
