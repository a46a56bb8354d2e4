import Projections

/// A day's metrics as a row of `daily_metrics`.
struct DailyMetricRow {
    let values: [ExportValue]

    init(_ metrics: DayMetrics) {
        values = [.day(metrics.day)] + metrics.values.map { $0.map(ExportValue.real) ?? .null }
    }
}
