/// Small statistics the vitals algorithms share.
public enum SignalMath {
    /// `values` minus their least-squares straight line: removes slow drift (a finger
    /// warming, a phone settling) before filtering.
    public static func detrended(_ values: [Double]) -> [Double] {
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

    public static func rootMeanSquare(_ values: ArraySlice<Double>) -> Double {
        guard !values.isEmpty else { return 0 }
        return (values.reduce(0) { $0 + $1 * $1 } / Double(values.count)).squareRoot()
    }

    /// The value below which `fraction` of `values` lie (nearest rank).
    public static func quantile(_ values: [Double], _ fraction: Double) -> Double {
        guard !values.isEmpty else { return 0 }
        let sorted = values.sorted()
        return sorted[min(sorted.count - 1, max(0, Int((Double(sorted.count - 1) * fraction).rounded())))]
    }

    public static func median(_ values: [Double]) -> Double { quantile(values, 0.5) }
}

extension SignalMath {
    /// The median of the `window` samples around each sample. Kept sorted as the window
    /// slides (one removal and one insertion a sample), so a step stays a step: interpolating
    /// between sparse medians would turn a change of posture into a ramp many breaths tall.
    public static func runningMedian(_ values: [Double], window: Int) -> [Double] {
        guard values.count > 1 else { return values }
        let half = max(1, window / 2)
        var sorted = values[0..<min(values.count, half + 1)].sorted()
        var baseline = [Double](repeating: 0, count: values.count)
        for index in values.indices {
            baseline[index] = sorted[sorted.count / 2]
            let entering = index + half + 1, leaving = index - half
            if entering < values.count { sorted.insert(values[entering], at: insertionIndex(sorted, values[entering])) }
            if leaving >= 0 { sorted.remove(at: insertionIndex(sorted, values[leaving])) }
        }
        return baseline
    }

    /// The first position in `sorted` whose value is not below `value`.
    private static func insertionIndex(_ sorted: [Double], _ value: Double) -> Int {
        var (low, high) = (0, sorted.count)
        while low < high {
            let middle = (low + high) / 2
            if sorted[middle] < value { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// The signals projected on their direction of largest variance among the samples
    /// `over` marks (power iteration on their covariance), signed so that it follows the
    /// signal that moves most.
    public static func principalComponent(_ signals: [[Double]], over included: [Bool]) -> [Double] {
        let count = signals.first?.count ?? 0
        let dimension = signals.count
        var covariance = [[Double]](repeating: [Double](repeating: 0, count: dimension), count: dimension)
        for row in 0..<dimension {
            for column in 0..<dimension {
                covariance[row][column] = (0..<count).reduce(0) { included[$1] ? $0 + signals[row][$1] * signals[column][$1] : $0 }
            }
        }
        let loudest = (0..<dimension).max { covariance[$0][$0] < covariance[$1][$1] } ?? 0
        var direction = (0..<dimension).map { $0 == loudest ? 1.0 : 0.0 }
        for _ in 0..<50 {
            let next = (0..<dimension).map { row in (0..<dimension).reduce(0) { $0 + covariance[row][$1] * direction[$1] } }
            let norm = next.reduce(0) { $0 + $1 * $1 }.squareRoot()
            guard norm > 0 else { break }
            direction = next.map { $0 / norm }
        }
        if direction[loudest] < 0 { direction = direction.map { -$0 } }
        return (0..<count).map { sample in (0..<dimension).reduce(0) { $0 + direction[$1] * signals[$1][sample] } }
    }
}
