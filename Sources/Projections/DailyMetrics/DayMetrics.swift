public import LedgerCore

/// One local day's metrics, aligned with `MetricCatalog.columns` (nil where the day has no data).
public struct DayMetrics: Sendable, Equatable {
    public let day: LocalDay
    public let values: [Double?]

    init(day: LocalDay, values: [Double?]) {
        self.day = day
        self.values = values
    }

    /// The value of the column with `key` (e.g. `step_count`); nil for no data or an unknown key.
    public subscript(key: String) -> Double? {
        MetricCatalog.layout.columnIndex[key].flatMap { values[$0] }
    }

    /// The day with its rating columns, computed as fractions of each rating's scale, shown on `scale`.
    func onRatingScale(_ scale: RatingScale) -> DayMetrics {
        DayMetrics(day: day, values: zip(values, MetricCatalog.columns).map { value, column in
            column.isRating ? value.map { scale.show(fraction: $0) } : value
        })
    }
}
