extension Bucket {
    /// The bucket of a row: local hours, days, Monday-weeks (by their Monday) or months since 1970.
    func key(start: Int64, offset: Int32, day: Int64) -> Int64 {
        switch self {
        case .hour: LocalTime.hourIndex(start, offset)
        case .day: day
        case .week: day - (CivilDays.weekday(day) - 1)
        case .month: CivilDays.monthIndex(day)
        }
    }

    /// `2026-03-01 14:00`, `2026-03-01`, the week's Monday, `2026-03`.
    func label(_ key: Int64) -> String {
        switch self {
        case .hour:
            let day = LocalTime.floorDivide(key, 24)
            return CivilDays.text(day) + " " + CivilDays.pad(key - day * 24, 2) + ":00"
        case .day, .week: return CivilDays.text(key)
        case .month:
            let year = LocalTime.floorDivide(key, 12)
            return "\(CivilDays.pad(year, 4))-\(CivilDays.pad(key - year * 12 + 1, 2))"
        }
    }

    /// The local instant (microseconds, as if UTC) where the bucket begins, for chart axes.
    func start(_ key: Int64) -> Int64 {
        switch self {
        case .hour: key * LocalTime.microsPerHour
        case .day, .week: key * LocalTime.microsPerDay
        case .month: CivilDays.from(year: LocalTime.floorDivide(key, 12), month: key - LocalTime.floorDivide(key, 12) * 12 + 1, day: 1) * LocalTime.microsPerDay
        }
    }
}
