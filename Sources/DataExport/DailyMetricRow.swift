import Projections

/// A day's metrics as a row of `daily_metrics`, each value as `daily --json` shows it.
struct DailyMetricRow {
    let values: [ExportValue]

    init(_ metrics: DayMetrics) {
        values = [.day(metrics.day)] + zip(MetricCatalog.columns, metrics.values).map { column, value in
            value.map { .real(column.shown($0)) } ?? .null
        }
    }
}
