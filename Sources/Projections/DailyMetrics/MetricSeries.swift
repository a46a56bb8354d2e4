import LedgerCore

/// The records one input produces, stored per day and reduced by the columns that read it.
struct MetricSeries {
    let input: MetricInput
    let kind: SeriesKind
    /// The unit stored values are in; nil for ledger scales, counts and sleep, whose
    /// hours come from the intervals.
    let unit: HealthUnit?
    /// The series whose records are stored together (one partition per day and group): its
    /// own index, except that all asleep stages share one. A day's metrics read all its
    /// groups, so `SleepFold` sees every stage of the night.
    let group: Int
}

/// How a series routes records to days and how overlaps between sources resolve.
enum SeriesKind {
    /// Every local day the interval touches, prorated by duration; overlaps between
    /// sources resolved by priority (steps, distances, energy, nutrients).
    case cumulative
    /// The local day of the sample's start; every source counts (heart rate, weight).
    case discrete
    /// Sleep: every night window the sample touches (day D's runs from D−1 18:00 to D
    /// 18:00 local, so a night belongs to the morning it ends on); reduced by `SleepFold`.
    case night
    /// Activity rings: the summary's own date; the latest summary wins.
    case summary
}

/// How a column reads its series.
struct ColumnPlan {
    let series: [Int]
    let statistic: MetricStatistic
    /// Health stores percentages as fractions; `%` columns show them ×100 as Health does.
    let scale: Double
}
