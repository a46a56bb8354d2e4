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

extension DayRecord {
    /// The id's 16 bytes as two big-endian words, so records compare without an array.
    static func idWords(_ bytes: [UInt8]) -> (UInt64, UInt64) {
        var high: UInt64 = 0
        var low: UInt64 = 0
        for index in 0..<8 {
            high = high << 8 | UInt64(bytes[index])
            low = low << 8 | UInt64(bytes[index + 8])
        }
        return (high, low)
    }
}
