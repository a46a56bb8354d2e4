/// What a day accumulates for one series while its records are reduced.
struct SeriesTotals {
    /// Samples on the day (summaries are not counted).
    var count = 0
    /// Cumulative: the de-duplicated total; discrete: the plain total.
    var sum = 0.0
    var minimum: Double?
    var maximum: Double?
    var latest: (value: Double, start: Int64, idHigh: UInt64, idLow: UInt64)?

    var average: Double? { count > 0 ? sum / Double(count) : nil }

    /// `lowest` and `highest` differ from `value` for a bucket an app aggregated (a minute's heart rate).
    mutating func add(_ value: Double, lowest: Double, highest: Double) {
        sum += value
        minimum = min(minimum ?? lowest, lowest)
        maximum = max(maximum ?? highest, highest)
    }

    /// Keeps the record that started last (ties: the larger id), whatever the arrival order.
    mutating func offerLatest(_ record: DayRecord) {
        if let latest, (latest.start, latest.idHigh, latest.idLow) >= (record.start, record.idHigh, record.idLow) { return }
        latest = (record.value, record.start, record.idHigh, record.idLow)
    }
}
