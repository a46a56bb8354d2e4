/// What happens when over the whole export, fixed before any day is generated so that each
/// day can be generated on its own, in any order, with the same result.
///
/// The export's length in days is only known once the days have been counted, so the
/// schedule places its events against an estimate from the requested total, which comes
/// within a few percent of the real length.
struct ExportSchedule {
    /// About how many top-level elements one day of this person's life produces.
    static let expectedElementsPerDay = 1000

    let settings: ExportSettings
    /// Days since the epoch of the first day.
    let firstDay: Int64
    let estimatedDays: Int
    /// Days abroad (in another time zone), by index; empty without quirks.
    let trip: Range<Int>
    /// From this day on the phone's locale writes beat times its own way; before it the
    /// other way (the person changed their phone's region). Without quirks, day 0.
    let localeChangeDay: Int

    init(settings: ExportSettings) {
        self.settings = settings
        let days = max(1, settings.targetTotal / Self.expectedElementsPerDay)
        estimatedDays = days
        // End in late 2025; a short export is placed so that it spans a summer-time change.
        let summerTimeStarts = CivilDate(year: 2025, month: 3, day: 30).daysSinceEpoch
        let end = CivilDate(year: 2025, month: 11, day: 1).daysSinceEpoch
        firstDay = min(summerTimeStarts - Int64(days * 2 / 5), end - Int64(days))
        let tripStart = days * 3 / 5
        trip = settings.quirks ? tripStart..<(tripStart + max(1, min(10, days / 10))) : 0..<0
        localeChangeDay = settings.quirks ? days * 2 / 5 : 0
    }

    var home: Zone { settings.quirks ? .berlin : .lagos }

    func zone(onDay index: Int) -> Zone { trip.contains(index) ? .london : home }

    func date(ofDay index: Int) -> CivilDate { CivilDate(daysSinceEpoch: firstDay + Int64(index)) }

    func beatClockStyle(onDay index: Int) -> BeatClockStyle {
        let current = settings.locale.beatClockStyle
        guard index < localeChangeDay else { return current }
        return current == .twelveHour ? .twentyFourHourDecimalComma : .twelveHour
    }

    /// Apple Watch ECGs: one on the second day, then one a month.
    func hasElectrocardiogram(onDay index: Int) -> Bool { settings.writesFiles && index % 30 == 1 }

    /// Blood pressure from a cuff every third day.
    func hasBloodPressure(onDay index: Int) -> Bool { index % 3 == 0 }

    /// Some workouts are of the kind older iOS wrote, with the route inline as `<Location>`s.
    func hasInlineRoute(onDay index: Int) -> Bool { index % 97 == 0 }

    /// The day at `fraction` of the estimated span: for things that happen once, which
    /// then fall inside the export whatever its exact length.
    func oneOffDay(_ fraction: Double) -> Int { min(estimatedDays - 1, Int(Double(estimatedDays) * fraction)) }

    /// When clinical record `index` was received.
    func clinicalRecordDay(_ index: Int) -> Int { oneOffDay(0.2 + 0.2 * Double(index)) }
}
