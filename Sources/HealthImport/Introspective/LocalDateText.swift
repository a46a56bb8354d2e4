import LedgerCore

/// The local date and time forms the apps write: `2017-11-27 20:21` (ATracker),
/// `4/4/18` and `13:43` (EasyPill, Wellness; US month first, two-digit years).
enum LocalDateText {
    /// Days since 1970-01-01 of `2017-11-27` or `4/4/18` / `4/4/2018`.
    static func day(_ text: String) -> Int64? {
        if text.contains("-") {
            let parts = text.split(separator: "-").map { Int64($0) }
            guard parts.count == 3, let year = parts[0], let month = parts[1], let day = parts[2] else { return nil }
            return valid(year, month, day)
        }
        let parts = text.split(separator: "/").map { Int64($0) }
        guard parts.count == 3, let month = parts[0], let day = parts[1], var year = parts[2] else { return nil }
        if year < 100 { year += year < 70 ? 2000 : 1900 }
        return valid(year, month, day)
    }

    private static func valid(_ year: Int64, _ month: Int64, _ day: Int64) -> Int64? {
        guard (1...12).contains(month), (1...31).contains(day) else { return nil }
        let days = CivilDate.toDays(year: year, month: month, day: day)
        // 31 February would roll into March: refuse dates that do not exist.
        return CivilDate.fromDays(days) == (year, month, day) ? days : nil
    }

    /// Seconds after midnight of `20:21` or `20:21:05`.
    static func seconds(_ text: String) -> Double? {
        let parts = text.split(separator: ":").map { Int($0) }
        guard (2...3).contains(parts.count), let hour = parts[0], let minute = parts[1], (0...23).contains(hour), (0...59).contains(minute) else { return nil }
        let second = parts.count == 3 ? parts[2] ?? -1 : 0
        guard (0...59).contains(second) else { return nil }
        return Double(hour * 3600 + minute * 60 + second)
    }

    /// `2017-11-27 20:21` as an instant and its offset in `clock`'s zone.
    static func instant(_ text: String, clock: LocalClock) -> (Timestamp, Int32)? {
        let parts = text.split(separator: " ", omittingEmptySubsequences: true)
        guard parts.count == 2, let day = day(String(parts[0])), let seconds = seconds(String(parts[1])) else { return nil }
        let offset = clock.utcOffset(day: day)
        return (LocalClock.instant(day: day, seconds: seconds, utcOffset: offset), offset)
    }
}
