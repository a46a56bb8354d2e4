/// One event's contribution to one series on one day, kept compact so that `add` only appends.
struct DayRecord {
    var series: UInt16
    /// Index into the day's source names.
    var source: UInt16
    var utcOffset: Int32
    /// UTC microseconds; the whole interval even where it crosses into other days, so that
    /// proration and overlap use the sample as recorded.
    var start: Int64
    var end: Int64
    /// In the series' unit (cumulative: the whole sample's amount).
    var value: Double
    /// The event id, for `remove`.
    var idHigh: UInt64
    var idLow: UInt64
}
