import LedgerCore
import LedgerStore
import Projections
import PropertyBased
import Testing
import TestSupport

/// `daily --as-of` for a few days folds only the events counting on them (through the day
/// index) and the settings; what it shows must be what folding the whole log up to that
/// point shows on those days.
@Suite struct AsOfDaysTests {
    static let firstDay: Int64 = 20_600
    static let zones: [String?] = [nil, nil, "Europe/Paris", "Asia/Tokyo", "America/Los_Angeles", "Pacific/Kiritimati"]

    /// One event of ten days from a seed: steps (some lasting days), heart rate, an asleep
    /// sample across midnight, a mood, or a change of setting; at offsets from −12 h to +14 h,
    /// some naming the zone they were lived in.
    static func event(_ seed: Int) -> Event {
        let start = Timestamp(micros: (firstDay * 86_400 + Int64(seed % 864_000)) * 1_000_000)
        let offset = Int32((seed / 7 % 53 - 24) * 1_800)
        let zone = zones[seed / 11 % zones.count]
        // Up to 40 hours; one step sample in six up to almost a week.
        let minutes = Int64(seed / 13 % 2_400) * (seed % 12 == 0 ? 4 : 1)
        switch seed % 6 {
        case 0, 1:
            return Event(SampleRecorded(type: "HKQuantityTypeIdentifierStepCount", value: Double(seed % 900), unit: "count"),
                         start: start, end: Timestamp(micros: start.micros + minutes * 60_000_000), utcOffset: offset, zone: zone, source: Source(name: "Watch"))
        case 2:
            return Event(SampleRecorded(type: "HKQuantityTypeIdentifierHeartRate", value: Double(50 + seed % 90), unit: "count/min"),
                         start: start, utcOffset: offset, zone: zone, source: Source(name: "Watch"))
        case 3:
            return Event(CategoryRecorded(type: "HKCategoryTypeIdentifierSleepAnalysis", value: "HKCategoryValueSleepAnalysisAsleepCore"),
                         start: start, end: Timestamp(micros: start.micros + (30 + minutes % 600) * 60_000_000), utcOffset: offset, zone: zone, source: Source(name: "Watch"))
        case 4:
            return Event(MoodRated(rating: Double(1 + seed % 10)), start: start, utcOffset: offset)
        default:
            return Event(SettingChanged(key: RatingScale.settingKey, value: .string(seed % 2 == 0 ? "1-5" : "1-10")), start: start, utcOffset: offset)
        }
    }

    @Test func aFewDaysAsOfAPointReadAsTheWholeFoldReadsThem() async throws {
        await propertyCheck(
            count: 40, input: Gen.int(in: 0...10_000_000).array(of: 10...80), Gen.int(in: 0...1_000), Gen.int(in: 0...12), Gen.int(in: 0...3)
        ) { seeds, cut, first, length in
            let vault = try ScratchVault()
            var events = seeds.map(Self.event)
            // Corrections and retractions of earlier samples and moods, later in the log.
            for (index, seed) in seeds.enumerated() where seed % 5 == 0 && events[index].kind != .settingChanged {
                let target = events[index]
                let amendment: Event = seed % 10 == 0
                    ? Event(EventRetracted(target: target.id), start: target.start, utcOffset: 0)
                    : Event(target.kind == .moodRated
                                ? EventCorrected(target: target.id, replacement: MoodRated(rating: 2))
                                : EventCorrected(target: target.id, replacement: SampleRecorded(type: "HKQuantityTypeIdentifierStepCount", value: 1, unit: "count")),
                            start: Timestamp(micros: target.start.micros + 86_400_000_000 * 3), utcOffset: 0)
                events.append(amendment)
            }
            try vault.ledger.append(events)
            let size = UInt64(cut % (events.count + 1))
            let days = LocalDay(number: Self.firstDay + Int64(first))...LocalDay(number: Self.firstDay + Int64(first + length))
            let part = try ProjectionEngine.asOf(DailyMetricsView.self, ledger: vault.ledger, size: size, part: .days(days))
            let whole = try ProjectionEngine.asOf(DailyMetricsView.self, ledger: vault.ledger, size: size)
            for number in days.lowerBound.number...days.upperBound.number {
                let day = LocalDay(number: number)
                #expect(try part.metrics(for: day) == whole.metrics(for: day), "\(day) as of \(size) of \(events.count)")
            }
            let settings = try ProjectionEngine.asOf(QueryIndexView.self, ledger: vault.ledger, size: size, part: .settings)
            let wholeIndex = try ProjectionEngine.asOf(QueryIndexView.self, ledger: vault.ledger, size: size)
            #expect(try settings.ratingScale() == wholeIndex.ratingScale())
        }
    }
}
