import LedgerCore

/// Calendar arithmetic the query language needs, over LedgerCore's civil dates.
enum CivilDays {
    static func from(year: Int64, month: Int64, day: Int64) -> Int64 {
        CivilDate.toDays(year: year, month: month, day: day)
    }

    /// 1 = Monday … 7 = Sunday (1970-01-01 was a Thursday).
    static func weekday(_ days: Int64) -> Int64 {
        ((days + 3) % 7 + 7) % 7 + 1
    }

    /// `year × 12 + month − 1`.
    static func monthIndex(_ days: Int64) -> Int64 {
        let (year, month, _) = CivilDate.fromDays(days)
        return year * 12 + month - 1
    }

    /// `YYYY-MM-DD`.
    static func text(_ days: Int64) -> String {
        let (year, month, day) = CivilDate.fromDays(days)
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))"
    }

    static func pad(_ value: Int64, _ width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
