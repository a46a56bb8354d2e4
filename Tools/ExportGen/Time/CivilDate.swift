/// A calendar date, converted to and from days since 1970-01-01 with the proleptic Gregorian
/// rules, so that formatting millions of timestamps needs no Foundation calendar.
struct CivilDate: Equatable {
    let year: Int
    let month: Int
    let day: Int

    init(year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// The date `days` after 1970-01-01. Years are counted from March so that the leap day
    /// falls last, which makes every month's start a linear function of its index.
    init(daysSinceEpoch days: Int64) {
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthFromMarch = (5 * dayOfYear + 2) / 153
        day = Int(dayOfYear - (153 * monthFromMarch + 2) / 5 + 1)
        month = Int(monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9)
        year = Int(yearOfEra + era * 400) + (month <= 2 ? 1 : 0)
    }

    var daysSinceEpoch: Int64 {
        let marchYear = Int64(month <= 2 ? year - 1 : year)
        let era = (marchYear >= 0 ? marchYear : marchYear - 399) / 400
        let yearOfEra = marchYear - era * 400
        let monthFromMarch = Int64((month + 9) % 12)
        let dayOfYear = (153 * monthFromMarch + 2) / 5 + Int64(day) - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// 0 for Monday … 6 for Sunday (1970-01-01 was a Thursday).
    var weekday: Int { Int(((daysSinceEpoch % 7) + 10) % 7) }

    var isWeekend: Bool { weekday >= 5 }

    /// Days since the epoch of the last Sunday of `month` in `year`.
    static func lastSunday(of month: Int, in year: Int) -> Int64 {
        let next = month == 12 ? CivilDate(year: year + 1, month: 1, day: 1) : CivilDate(year: year, month: month + 1, day: 1)
        let lastDay = next.daysSinceEpoch - 1
        return lastDay - Int64(CivilDate(daysSinceEpoch: lastDay).weekday + 1) % 7
    }
}
