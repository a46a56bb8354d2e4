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
        guard (0...9_999).contains(year) else { return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))" }
        // Written digit by digit into a string short enough to need no allocation: a query
        // by day over a lifetime labels thousands of rows.
        return String(unsafeUninitializedCapacity: 10) { text in
            let zero = UInt8(ascii: "0")
            text[0] = zero + UInt8(year / 1_000)
            text[1] = zero + UInt8(year / 100 % 10)
            text[2] = zero + UInt8(year / 10 % 10)
            text[3] = zero + UInt8(year % 10)
            text[4] = UInt8(ascii: "-")
            text[5] = zero + UInt8(month / 10)
            text[6] = zero + UInt8(month % 10)
            text[7] = UInt8(ascii: "-")
            text[8] = zero + UInt8(day / 10)
            text[9] = zero + UInt8(day % 10)
            return 10
        }
    }

    static func pad(_ value: Int64, _ width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
