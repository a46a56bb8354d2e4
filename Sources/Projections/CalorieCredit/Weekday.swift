public import LedgerCore

/// A day of the week, numbered as the setting `calorie.firstWeekday` takes it: 1 = Sunday … 7 = Saturday (like Foundation's Calendar).
public enum Weekday: Int, Sendable, CaseIterable {
    case sunday = 1, monday, tuesday, wednesday, thursday, friday, saturday

    public init(_ day: LocalDay) {
        // 1970-01-01 was a Thursday.
        let index = ((day.number + 4) % 7 + 7) % 7
        // Cannot fail: index is 0…6 and the raw values run 1…7
        self.init(rawValue: Int(index) + 1)!
    }

    /// The first day of the week that holds `day`, when weeks start on `self`.
    public func weekStart(of day: LocalDay) -> LocalDay {
        let back = (Weekday(day).rawValue - rawValue + 7) % 7
        return LocalDay(number: day.number - Int64(back))
    }

    /// Accepts 1…7 or an English name ("monday", "Mon").
    public init?(setting text: String) {
        if let number = Int(text), let day = Weekday(rawValue: number) { self = day; return }
        let lower = text.lowercased()
        guard lower.count >= 3, let day = Weekday.allCases.first(where: { "\($0)".hasPrefix(lower) }) else { return nil }
        self = day
    }
}
