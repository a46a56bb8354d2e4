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
    /// sample across midnight, a mood, food, a weighing, a dose, a medication's definition or
    /// a change of setting; at offsets from −12 h to +14 h, some naming the zone they were
    /// lived in.
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
        case 5 where seed / 6 % 4 == 1:
            return Event(FoodLogged(name: "Oats", kcal: Double(seed % 800), protein: Double(seed % 40)), start: budgetInput(seed), utcOffset: offset)
        case 5 where seed / 6 % 4 == 2:
            return Event(SampleRecorded(type: "HKQuantityTypeIdentifierBodyMass", value: 60 + Double(seed % 300) / 10, unit: "kg"),
                         start: budgetInput(seed), utcOffset: offset, zone: zone, source: Source(name: "Scale"))
        case 5 where seed / 6 % 4 == 3:
            return seed % 2 == 0
                ? Event(DoseTaken(medication: "Ibuprofen"), start: start, utcOffset: offset)
                : Event(MedicationDefined(name: "Ibuprofen", frequency: "daily"), start: start, utcOffset: offset)
        default:
            return Event(SettingChanged(key: RatingScale.settingKey, value: .string(seed % 2 == 0 ? "1-5" : "1-10")), start: start, utcOffset: offset)
        }
    }

    /// Food and weighings over the 50 days before the ten and the ten: a budget reads six weeks.
    static func budgetInput(_ seed: Int) -> Timestamp {
        Timestamp(micros: ((firstDay - 50) * 86_400 + Int64(seed % (60 * 86_400))) * 1_000_000)
    }

    @Test func aFewDaysAsOfAPointReadAsTheWholeFoldReadsThem() async throws {
        await propertyCheck(
            count: 40, input: Gen.int(in: 0...10_000_000).array(of: 10...80), Gen.int(in: 0...1_000), Gen.int(in: 0...12), Gen.int(in: 0...3)
        ) { seeds, cut, first, length in
            await recordingThrownErrors {
                let vault = try ScratchVault()
                var events = seeds.map(Self.event)
                // Corrections of earlier samples and moods, retractions of any event but a
                // setting, later in the log. A correction's replacement is of its target's
                // kind: the ledger refuses any other.
                for (index, seed) in seeds.enumerated() where seed % 5 == 0 && events[index].kind != .settingChanged {
                    let target = events[index]
                    let amendment: Event = seed % 10 == 0 || (target.kind != .moodRated && target.kind != .sampleRecorded)
                        ? Event(EventRetracted(target: target.id), start: target.start, utcOffset: 0)
                        : Event(target.kind == .moodRated
                                    ? EventCorrected(target: target.id, replacement: MoodRated(rating: 2))
                                    : EventCorrected(target: target.id, replacement: SampleRecorded(type: "HKQuantityTypeIdentifierStepCount", value: 1, unit: "count")),
                                start: Timestamp(micros: target.start.micros + 86_400_000_000 * 3), utcOffset: 0)
                    events.append(amendment)
                }
                // Activities started in the ten days and stopped up to eight days later.
                for seed in seeds where seed % 3 == 0 {
                    let started = Event(ActivityStarted(name: "Reading"), start: Timestamp(micros: (Self.firstDay * 86_400 + Int64(seed % 864_000)) * 1_000_000), utcOffset: 0)
                    events.append(started)
                    events.append(Event(ActivityStopped(name: "Reading", startedBy: started.id),
                                        start: Timestamp(micros: started.start.micros + Int64(seed / 3 % 691_200) * 1_000_000), utcOffset: 0))
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
                let indexDays = try ProjectionEngine.asOf(QueryIndexView.self, ledger: vault.ledger, size: size, part: .days(days))
                for series in wholeIndex.seriesNames {
                    #expect(try Self.rows(of: series, in: days, indexDays) == Self.rows(of: series, in: days, wholeIndex), "\(series) as of \(size)")
                }
                #expect(try Self.rows(of: "medication", in: nil, indexDays) == Self.rows(of: "medication", in: nil, wholeIndex))
                let budgetDay = days.upperBound
                let credit = try ProjectionEngine.asOf(CalorieCreditView.self, ledger: vault.ledger, size: size, part: .days(CalorieBudget.daysRead(on: budgetDay))).fold
                let wholeCredit = try ProjectionEngine.asOf(CalorieCreditView.self, ledger: vault.ledger, size: size).fold
                for number in CalorieBudget.daysRead(on: budgetDay).lowerBound.number...budgetDay.number {
                    #expect(try credit.inputs(for: LocalDay(number: number)) == wholeCredit.inputs(for: LocalDay(number: number)))
                }
                for algorithm in [1, 2] {
                    let (part, whole) = (try credit.budget(on: budgetDay, algorithm: algorithm), try wholeCredit.budget(on: budgetDay, algorithm: algorithm))
                    #expect(part.windowInputs == whole.windowInputs && part.week.map(\.inputs) == whole.week.map(\.inputs))
                    #expect("\(part.budget) \(part.base) \(part.credit.credit) \(String(describing: part.estimate.interval))"
                            == "\(whole.budget) \(whole.base) \(whole.credit.credit) \(String(describing: whole.estimate.interval))",
                            "budget v\(algorithm) on \(budgetDay) as of \(size)")
                }
            }
        }
    }

    /// Whether anything from a point on touches some days is answered from the indexes alone
    /// (an as-of read then takes the stored view); it must answer as a scan of the log does.
    @Test func nothingCountsFromAPointAnswersAsAScanOfTheLog() async throws {
        await propertyCheck(
            count: 60, input: Gen.int(in: 0...10_000_000).array(of: 1...60), Gen.int(in: 0...1_000), Gen.int(in: 0...12), Gen.int(in: 0...3)
        ) { seeds, cut, first, length in
            await recordingThrownErrors {
                let vault = try ScratchVault()
                // Some events retracted at the end of the log, on a day weeks later.
                let later = Timestamp(micros: (Self.firstDay + 30) * 86_400_000_000)
                let stored = seeds.map(Self.event)
                let events = stored + zip(seeds, stored).filter { $0.0 % 7 == 0 }.map { Event(EventRetracted(target: $0.1.id), start: later, utcOffset: 0) }
                try vault.ledger.append(events)
                // Mostly a point near the end, where what follows it may miss the days.
                let size = UInt64(cut % 3 == 0 ? cut % (events.count + 1) : max(0, events.count - cut % 5))
                let days = LocalDay(number: Self.firstDay + Int64(first))...LocalDay(number: Self.firstDay + Int64(first + length))
                let byID = Dictionary(events.map { ($0.id, $0) }) { first, _ in first }
                for kinds: Set<EventKind> in [[], [.settingChanged], [.foodLogged, .doseTaken]] {
                    // An event counts if it is of the days or kinds, an amendment if what it amends does.
                    func counts(_ event: Event, onDays: Bool) -> Bool {
                        if case .eventRetracted = event.kind, let target = try? event.decode(EventRetracted.self).target, let amended = byID[target] {
                            return counts(amended, onDays: onDays)
                        }
                        return kinds.contains(event.kind) || onDays && (days.contains(LocalDay(event.start, utcOffset: event.utcOffset))
                            || (event.end?.micros ?? event.start.micros) - event.start.micros > 86_400_000_000)
                    }
                    let tail = events[Int(size)...]
                    #expect(try vault.ledger.nothingCounts(on: days, orKinds: kinds, from: size) == !tail.contains { counts($0, onDays: true) },
                            "\(days) \(kinds) from \(size) of \(events.count)")
                    #expect(try vault.ledger.nothingCounts(on: nil, orKinds: kinds, from: size) == !tail.contains { counts($0, onDays: false) })
                }
                // Where nothing counts, the stored view answers: it must be what the fold gives.
                _ = try ProjectionEngine.current(DailyMetricsView.self, ledger: vault.ledger)
                let part = try ProjectionEngine.asOf(DailyMetricsView.self, ledger: vault.ledger, size: size, part: .days(days))
                let whole = try ProjectionEngine.asOf(DailyMetricsView.self, ledger: vault.ledger, size: size)
                for number in days.lowerBound.number...days.upperBound.number {
                    #expect(try part.metrics(for: LocalDay(number: number)) == whole.metrics(for: LocalDay(number: number)))
                }
            }
        }
    }

    /// The rows of `series` lived on `days` (all when nil), each as its times and fields, sorted.
    static func rows(of series: String, in days: ClosedRange<LocalDay>?, _ index: QueryIndexState) throws -> [String] {
        let table = try index.rows(of: series)
        return (0..<table.count).compactMap { row -> String? in
            let day = LocalDay(Timestamp(micros: table.starts[row]), utcOffset: table.offsets[row])
            if let days, !days.contains(day) { return nil }
            let numbers = table.numbers.compactMap { name, values in values[row].isNaN ? nil : "\(name)=\(values[row])" }
            let texts = table.texts.compactMap { name, values in values[row].map { "\(name)=\($0)" } }
            return "\(table.starts[row])–\(table.ends[row])@\(table.offsets[row]) " + (numbers + texts).sorted().joined(separator: " ")
        }.sorted()
    }
}
