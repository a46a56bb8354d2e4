/// Beats or breaths as local maxima of a band-passed signal, at least `minimumSpacing`
/// samples apart, the strongest kept first; small ripples (below a share of the typical
/// peak height) are not peaks.
public struct PeakFinder {
    public let minimumSpacing: Int
    /// Share of the typical (80th percentile) peak height a peak must reach.
    public var relativeHeight: Double

    public init(minimumSpacing: Int, relativeHeight: Double = 0.35) {
        self.minimumSpacing = minimumSpacing
        self.relativeHeight = relativeHeight
    }

    public func peaks(_ signal: [Double]) -> [Int] {
        guard signal.count > 2 else { return [] }
        let maxima = (1..<(signal.count - 1)).filter { signal[$0] > 0 && signal[$0] >= signal[$0 - 1] && signal[$0] > signal[$0 + 1] }
        guard !maxima.isEmpty else { return [] }
        let threshold = relativeHeight * SignalMath.quantile(maxima.map { signal[$0] }, 0.8)
        var accepted: [Int] = []
        for index in maxima.filter({ signal[$0] >= threshold }).sorted(by: { signal[$0] > signal[$1] }) {
            if accepted.allSatisfy({ abs($0 - index) >= minimumSpacing }) { accepted.append(index) }
        }
        return accepted.sorted()
    }
}
