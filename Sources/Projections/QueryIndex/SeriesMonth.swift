import LedgerCore

/// A partition of the index: one series in one local calendar month.
///
/// Months keep partitions small enough that an append rewrites little, and let a query
/// over the last week read one or two partitions instead of years.
struct SeriesMonth: Hashable, Comparable {
    let series: String
    /// `year × 12 + month − 1` of the local date.
    let month: Int32

    init(series: String, month: Int32) {
        self.series = series
        self.month = month
    }

    init(series: String, start: Int64, utcOffset: Int32) {
        let (year, month, _) = CivilDate.fromDays(LocalDay(Timestamp(micros: start), utcOffset: utcOffset).number)
        self.init(series: series, month: Int32(year * 12 + month - 1))
    }

    /// `0x01`, the series name, `0x00`, then the month big-endian.
    var key: [UInt8] {
        [0x01] + Array(series.utf8) + [0x00] + withUnsafeBytes(of: UInt32(bitPattern: month).bigEndian) { Array($0) }
    }

    /// The series of a partition `key` (nil for the index's other partitions).
    static func series(inKey key: [UInt8]) -> String? {
        guard key.first == 0x01, key.count > 5, key[key.count - 5] == 0x00 else { return nil }
        return String(decoding: key[1..<(key.count - 5)], as: UTF8.self)
    }

    static func < (lhs: SeriesMonth, rhs: SeriesMonth) -> Bool {
        (lhs.series, lhs.month) < (rhs.series, rhs.month)
    }

    /// Days since 1970-01-01 of the month's first day.
    var firstDay: Int64 { CivilDate.toDays(year: Int64(month / 12), month: Int64(month % 12) + 1, day: 1) }
}
