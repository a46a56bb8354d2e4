import LedgerCore

/// A day's sleep columns turned into `HKCategoryTypeIdentifierSleepAnalysis` samples.
///
/// A CSV gives hours per stage and two clock times, not the night's timeline, so samples
/// are placed to keep what the columns say: the asleep stages back to back, ending at Wake
/// Time; Awake and In Bed starting at Bedtime. Each stage's hours, the night's total,
/// Bedtime (when In Bed or Awake is there to start at it) and Wake Time then read back as
/// written; the order of stages within the night is not known and not implied.
struct SleepNight {
    static let type = "HKCategoryTypeIdentifierSleepAnalysis"
    static let asleepUnspecified = "HKCategoryValueSleepAnalysisAsleepUnspecified"
    private static let asleepOrder = [
        "HKCategoryValueSleepAnalysisAsleepCore", "HKCategoryValueSleepAnalysisAsleepDeep",
        "HKCategoryValueSleepAnalysisAsleepREM", asleepUnspecified,
    ]

    /// Seconds per stage value, with the column each came from.
    private var stages: [String: (seconds: Double, header: ShareHealthHeader)] = [:]
    private var total: (seconds: Double, header: ShareHealthHeader)?
    var bedtime: (hours: Double, header: ShareHealthHeader)?
    var wakeTime: (hours: Double, header: ShareHealthHeader)?

    mutating func add(_ column: SleepColumn, header: ShareHealthHeader, seconds: Double) {
        switch column {
        case .total: total = (seconds, header)
        case .stage(let value): stages[value] = (seconds, header)
        }
    }

    func events(of day: ShareHealthDay, identity: ImportIdentity, summary: inout ImportSummary) -> [Event] {
        var asleep = Self.asleepOrder.compactMap { value in stages[value].flatMap { $0.seconds > 0 ? (value, $0.seconds, $0.header) : nil } }
        // Total is the sum of the asleep stages; stored alone only when no stage has hours.
        if asleep.isEmpty, let total, total.seconds > 0 { asleep = [(Self.asleepUnspecified, total.seconds, total.header)] }
        let awake = stages["HKCategoryValueSleepAnalysisAwake"].flatMap { $0.seconds > 0 ? $0 : nil }
        let inBed = stages["HKCategoryValueSleepAnalysisInBed"].flatMap { $0.seconds > 0 ? $0 : nil }
        guard !asleep.isEmpty || awake != nil || inBed != nil else {
            for clock in [bedtime?.header, wakeTime?.header].compactMap({ $0 }) {
                summary.skip("\(clock.text) without any sleep hours: nothing to place it on", at: day.location)
            }
            return []
        }
        let asleepSeconds = asleep.reduce(0) { $0 + $1.1 }
        // Bedtime after 18:00 belongs to the evening before: the night ends on `day`.
        let bed = bedtime.map { LocalClock.instant(day: $0.hours >= 18 ? day.day - 1 : day.day, seconds: $0.hours * 3600, utcOffset: day.utcOffset) }
        let wake = wakeTime.map { LocalClock.instant(day: day.day, seconds: $0.hours * 3600, utcOffset: day.utcOffset) }
            ?? bed.map { $0.adding(seconds: (awake?.seconds ?? 0) + asleepSeconds) }
            ?? day.midnight
        let start = bed ?? wake.adding(seconds: -(asleepSeconds + (awake?.seconds ?? 0)))

        var placed: [(value: String, start: Timestamp, seconds: Double, header: ShareHealthHeader)] = []
        var cursor = wake.adding(seconds: -asleepSeconds)
        for (value, seconds, header) in asleep {
            placed.append((value, cursor, seconds, header))
            cursor = cursor.adding(seconds: seconds)
        }
        if let awake { placed.append(("HKCategoryValueSleepAnalysisAwake", start, awake.seconds, awake.header)) }
        if let inBed { placed.append(("HKCategoryValueSleepAnalysisInBed", bed ?? wake.adding(seconds: -inBed.seconds), inBed.seconds, inBed.header)) }

        let clocks = [bedtime.map { String($0.hours) } ?? "", wakeTime.map { String($0.hours) } ?? ""]
        return placed.map { item in
            let payload = CategoryRecorded(type: Self.type, value: item.value, metadata: [ShareHealthDay.columnKey: item.header.text])
            let id = identity.id("sharehealth.day", [day.source.name, day.date, Self.type, item.value, String(item.seconds)] + clocks)
            return day.event(payload, id: id, start: item.start, end: item.start.adding(seconds: item.seconds))
        }
    }
}
