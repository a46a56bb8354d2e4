/// A time zone as the export needs it: a name for `HKTimeZone` and the UTC offset at any
/// instant. Summer time follows the European rule (last Sunday of March to last Sunday of
/// October, switching at 01:00 UTC), which covers the person's home and their trips.
struct Zone: Equatable {
    let name: String
    let standardOffset: Int32
    let observesSummerTime: Bool

    static let berlin = Zone(name: "Europe/Berlin", standardOffset: 3600, observesSummerTime: true)
    static let london = Zone(name: "Europe/London", standardOffset: 0, observesSummerTime: true)
    /// The same offset all year: for exports without the quirk of changing offsets.
    static let lagos = Zone(name: "Africa/Lagos", standardOffset: 3600, observesSummerTime: false)

    /// Seconds east of UTC at `instant` (seconds since the epoch).
    func offset(at instant: Int64) -> Int32 { span(at: instant).offset }

    /// The stretch of time around `instant` with one offset, so a caller formatting many
    /// nearby instants can skip the calendar work.
    func span(at instant: Int64) -> OffsetSpan {
        guard observesSummerTime else { return OffsetSpan(from: .min, until: .max, offset: standardOffset) }
        let year = CivilDate(daysSinceEpoch: floorDiv(instant, 86400)).year
        let yearStarts = CivilDate(year: year, month: 1, day: 1).daysSinceEpoch * 86400
        let nextYearStarts = CivilDate(year: year + 1, month: 1, day: 1).daysSinceEpoch * 86400
        let summerStarts = CivilDate.lastSunday(of: 3, in: year) * 86400 + 3600
        let summerEnds = CivilDate.lastSunday(of: 10, in: year) * 86400 + 3600
        if instant < summerStarts { return OffsetSpan(from: yearStarts, until: summerStarts, offset: standardOffset) }
        if instant < summerEnds { return OffsetSpan(from: summerStarts, until: summerEnds, offset: standardOffset + 3600) }
        return OffsetSpan(from: summerEnds, until: nextYearStarts, offset: standardOffset)
    }
}

/// Instants in `from..<until` share `offset`.
struct OffsetSpan {
    let from: Int64
    let until: Int64
    let offset: Int32

    func contains(_ instant: Int64) -> Bool { instant >= from && instant < until }
}

func floorDiv(_ value: Int64, _ divisor: Int64) -> Int64 {
    value >= 0 ? value / divisor : (value - divisor + 1) / divisor
}
