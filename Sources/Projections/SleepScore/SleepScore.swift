public import LedgerCore
import Numerical

/// An Oura-inspired 0…100 score of the night that ends on a day, from that day's daily
/// metrics (a night belongs to the day it ends on).
///
/// The night's values, all of the main sleep (naps are not part of the night): total
/// sleep (`sleep_total`); time in bed, `sleep_in_bed` or, where that is shorter, asleep +
/// awake; efficiency, asleep ÷ time in bed; latency, the span from bedtime to wake time
/// less asleep and awake time (the part of the night neither asleep nor recorded
/// awake is, for a tracker, mostly the time before falling asleep); REM and deep as shares
/// of total sleep; awake time as a share of time in bed; and the midpoint of bedtime and
/// wake time. The score is the weighted mean of the contributors the night has data for:
/// a night without stages has no REM, deep or restfulness, and the other weights count
/// in proportion. A day without `sleep_total` has no score.
public struct SleepScore: Sendable, Equatable {
    /// v1: the contributors, curves and weights documented in `SleepContributor`.
    /// v2: the main sleep only, and time in bed no longer stretched to the bedtime-to-wake span.
    public static let version = 2

    public struct Part: Sendable, Equatable {
        public let contributor: SleepContributor
        /// The night's value, in `contributor.unit`.
        public let value: Double
        /// 0…100.
        public let score: Double
    }

    public let day: LocalDay
    public let score: Double
    public let parts: [Part]

    public init?(_ metrics: DayMetrics) {
        guard let total = metrics["sleep_total"], total > 0 else { return nil }
        let awake = metrics["sleep_awake"]
        let span = metrics["bedtime"].flatMap { bedtime in metrics["wake_time"].map { (bedtime, Self.hours(from: bedtime, to: $0)) } }
        let inBed = max(metrics["sleep_in_bed"] ?? 0, total + (awake ?? 0))
        var values: [(SleepContributor, Double)] = [(.totalSleep, total), (.efficiency, 100 * total / inBed)]
        if let span {
            values.append((.latency, 60 * max(0, span.1 - total - (awake ?? 0))))
        }
        let staged = metrics["sleep_rem"] != nil || metrics["sleep_deep"] != nil
        if staged {
            values.append((.rem, 100 * (metrics["sleep_rem"] ?? 0) / total))
            values.append((.deep, 100 * (metrics["sleep_deep"] ?? 0) / total))
        }
        if let awake { values.append((.restfulness, 100 * awake / inBed)) }
        if let (bedtime, hours) = span {
            let midpoint = (bedtime + hours / 2).truncatingRemainder(dividingBy: 24)
            values.append((.timing, midpoint > 12 ? midpoint - 24 : midpoint))
        }
        parts = values.map { Part(contributor: $0.0, value: $0.1, score: $0.0.curve($0.1)) }
        let weights = parts.reduce(0) { $0 + $1.contributor.weight }
        score = parts.reduce(0) { $0 + $1.contributor.weight * $1.score } / weights
        day = metrics.day
    }

    /// Hours from one clock time to the next occurrence of another (22.5 → 6.5 is 8).
    static func hours(from start: Double, to end: Double) -> Double {
        let difference = end - start
        return difference < 0 ? difference + 24 : difference
    }
}
