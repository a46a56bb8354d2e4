public import LedgerCore

/// ShareHealth's per-day CSV: a header row of names with units and one data row.
public enum DailyCSV {
    /// `YYYY/MM/HealthMetrics-YYYY-MM-DD.csv`, the seed's year/month folders.
    public static func relativePath(for day: LocalDay) -> String {
        let date = day.description
        return "\(date.prefix(4))/\(date.dropFirst(5).prefix(2))/HealthMetrics-\(date).csv"
    }

    /// `Date/Time` then every catalog column; the date cell is `YYYY-MM-DD`, empty cells
    /// have no data. Headers hold no commas or quotes, so no cell needs quoting. Rating
    /// columns' headers name `ratingScale`, the scale the metrics' ratings are shown on.
    public static func file(_ metrics: DayMetrics, ratingScale: RatingScale = .standard) -> String {
        header(ratingScale: ratingScale) + "\n" + row(metrics) + "\n"
    }

    /// The file's header row, without its line end: one for a listing of many days.
    public static func header(ratingScale: RatingScale = .standard) -> String {
        (["Date/Time"] + MetricCatalog.columns.map { $0.header(on: ratingScale) }).joined(separator: ",")
    }

    /// The file's data row, without its line end.
    public static func row(_ metrics: DayMetrics) -> String {
        ([metrics.day.description] + metrics.values.map { $0.map(format) ?? "" }).joined(separator: ",")
    }

    /// Rounded to 4 decimals with trailing zeros dropped (`8543`, `7.25`, `0.3333`), built
    /// from integers so the text never depends on locale or on the platform's float printing.
    static func format(_ value: Double) -> String {
        guard value.isFinite else { return "" }
        let scaled = (value * 10_000).rounded()
        guard abs(scaled) < 9e18 else { return "\(value)" }
        let units = Int64(scaled)
        let magnitude = units.magnitude
        var text = (units < 0 ? "-" : "") + String(magnitude / 10_000)
        var fraction = magnitude % 10_000
        if fraction != 0 {
            var digits = 4
            while fraction % 10 == 0 {
                fraction /= 10
                digits -= 1
            }
            let raw = String(fraction)
            text += "." + String(repeating: "0", count: digits - raw.count) + raw
        }
        return text
    }
}
