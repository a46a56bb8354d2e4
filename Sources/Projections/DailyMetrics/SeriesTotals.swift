/// What a day accumulates for one series while its records are reduced.
struct SeriesTotals {
    var count = 0
    /// Cumulative and sleep: the de-duplicated total; discrete: the plain total.
    var sum = 0.0
    var minimum: Double?
    var maximum: Double?
    var latest: (value: Double, start: Int64, idHigh: UInt64, idLow: UInt64)?
    var earliestStart: (instant: Int64, utcOffset: Int32)?
    var latestEnd: (instant: Int64, utcOffset: Int32)?

    var average: Double? { count > 0 ? sum / Double(count) : nil }

    /// Counts a record and keeps its interval's extremes (bedtime, wake time).
    mutating func note(_ record: DayRecord) {
        count += 1
        if earliestStart.map({ record.start < $0.instant }) ?? true { earliestStart = (record.start, record.utcOffset) }
        if latestEnd.map({ record.end > $0.instant }) ?? true { latestEnd = (record.end, record.utcOffset) }
    }

    mutating func add(_ value: Double) {
        sum += value
        minimum = min(minimum ?? value, value)
        maximum = max(maximum ?? value, value)
    }

    /// Keeps the record that started last (ties: the larger id), whatever the arrival order.
    mutating func offerLatest(_ record: DayRecord) {
        if let latest, (latest.start, latest.idHigh, latest.idLow) >= (record.start, record.idHigh, record.idLow) { return }
        latest = (record.value, record.start, record.idHigh, record.idLow)
    }
}
