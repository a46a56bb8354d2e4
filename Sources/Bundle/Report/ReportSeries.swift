import LedgerCore
import Projections

/// The daily values the report charts and sums up, taken from the daily-metrics view as
/// the CSVs are written: a few numbers per day, not the events behind them.
struct ReportSeries {
    /// The charted metrics: column key, title, and the unit shown (nil: the rating scale,
    /// since the view shows mood on it).
    static let charted: [(key: String, title: String, unit: String?)] = [
        ("step_count", "Steps", "steps/day"),
        ("resting_heart_rate", "Resting heart rate", "bpm"),
        ("sleep_total", "Sleep", "hours/night"),
        ("body_mass", "Weight", "kg"),
        ("mood_avg", "Mood", nil),
    ]

    let ratingScale: RatingScale
    /// Per charted metric, (day number, value) for each day that has one, in day order.
    private(set) var points: [[(day: Int64, value: Double)]] = Array(repeating: [], count: charted.count)
    private(set) var doses = 0.0
    private(set) var symptomReports = 0.0
    /// The first and last day with any data: the report's period on the local calendar.
    private(set) var firstDay: LocalDay?
    private(set) var lastDay: LocalDay?

    init(ratingScale: RatingScale) {
        self.ratingScale = ratingScale
    }

    func unit(_ index: Int) -> String { Self.charted[index].unit ?? ratingScale.description }

    /// Adds a day whose metrics have data, days in order.
    mutating func add(_ metrics: DayMetrics) {
        for (index, metric) in Self.charted.enumerated() {
            if let value = metrics[metric.key] { points[index].append((metrics.day.number, value)) }
        }
        doses += metrics["doses_taken"] ?? 0
        symptomReports += metrics["symptoms_reported"] ?? 0
        firstDay = firstDay ?? metrics.day
        lastDay = metrics.day
    }

    func mean(_ index: Int) -> Double? {
        points[index].isEmpty ? nil : points[index].reduce(0) { $0 + $1.value } / Double(points[index].count)
    }

    /// At most `limit` points: longer periods are shown as means of equal runs of days, so a
    /// year's chart stays readable and the report's size does not grow with the period.
    func chartPoints(_ index: Int, limit: Int = 120) -> [(day: Double, value: Double)] {
        let all = points[index]
        guard all.count > limit else { return all.map { (Double($0.day), $0.value) } }
        let run = (all.count + limit - 1) / limit
        return stride(from: 0, to: all.count, by: run).map { start in
            let slice = all[start..<min(start + run, all.count)]
            let day = slice.reduce(0.0) { $0 + Double($1.day) } / Double(slice.count)
            return (day, slice.reduce(0.0) { $0 + $1.value } / Double(slice.count))
        }
    }
}
