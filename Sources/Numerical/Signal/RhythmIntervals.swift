/// The spacing of detected beats or breaths: intervals that span a disturbed sample are
/// dropped (the peaks inside were zeroed with the movement), and those more than `outlier`
/// off the median (a missed or an extra peak, a pause) are left out of `rate`.
public struct RhythmIntervals {
    /// Per second, over the regular intervals.
    public let rate: Double
    /// Per second, over every interval: pauses included.
    public let overallRate: Double
    /// Share of intervals within `outlier` of the median.
    public let regularity: Double

    public init?(peaks: [Int], disturbed: [Bool], rate sampleRate: Double, outlier: Double = 0.3) {
        let intervals = zip(peaks.dropFirst(), peaks)
            .filter { !disturbed[$0.1...$0.0].contains(true) }
            .map { Double($0.0 - $0.1) / sampleRate }
        guard intervals.count >= 3 else { return nil }
        let typical = SignalMath.median(intervals)
        let kept = intervals.filter { abs($0 - typical) <= outlier * typical }
        rate = Double(kept.count) / kept.reduce(0, +)
        overallRate = Double(intervals.count) / intervals.reduce(0, +)
        regularity = Double(kept.count) / Double(intervals.count)
    }
}
