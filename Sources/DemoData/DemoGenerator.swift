import Foundation
public import LedgerCore

/// Generates a realistic, repeatable health history: a watch and phone's Apple Health
/// samples, sleep, workouts, and a person's moods, doses, meals, symptoms, activities,
/// face captures and raw vital signals — every kind the ledger stores.
public struct DemoGenerator {
    var random: SeededRandom
    /// Local midnight of the first day, as UTC micros.
    let firstMidnight: Int64
    public let utcOffset: Int32

    static let watch = Source(name: "Apple Watch", device: "Watch7,1", version: "11.2")
    static let phone = Source(name: "iPhone", device: "iPhone16,1", version: "18.2")
    static let scale = Source(name: "Withings", device: "Body+", version: "6.2")
    static let microsPerDay: Int64 = 86_400_000_000

    /// The offset the demo's person lives at (Europe/Berlin in winter).
    public static let defaultUTCOffset: Int32 = 3600

    public init(seed: UInt64, firstDay: String = "2026-01-01", utcOffset: Int32 = DemoGenerator.defaultUTCOffset) {
        random = SeededRandom(seed: seed)
        self.utcOffset = utcOffset
        firstMidnight = (ISO8601.days(firstDay) ?? 20454) * Self.microsPerDay - Int64(utcOffset) * 1_000_000
    }

    /// Days since 1970-01-01 of generated day `index`, in the generator's time zone.
    public func dayNumber(_ index: Int) -> Int64 {
        (firstMidnight + Int64(utcOffset) * 1_000_000) / Self.microsPerDay + Int64(index)
    }

    /// One-off events that set the scene: profile, medications, activities, settings.
    public mutating func setup() -> [Event] {
        let start = Timestamp(micros: firstMidnight + 8 * 3_600_000_000)
        return [
            event(ProfileRecorded(dateOfBirth: "1988-04-12", biologicalSex: "HKBiologicalSexFemale", bloodType: "HKBloodTypeAPositive"), start, Self.phone),
            event(MedicationDefined(name: "Vitamin D", startedOn: "2025-10-01", frequency: "1x daily", defaultDosage: Dosage(amount: 1000, unit: .IU)), start),
            event(MedicationDefined(name: "Ibuprofen", frequency: "as needed", defaultDosage: Dosage(amount: 200, unit: .mg)), start),
            event(ActivityDefined(name: "Reading", description: "Books, not screens", tags: ["calm"]), start),
            event(ActivityDefined(name: "Socializing", tags: ["people"]), start),
            event(SettingChanged(key: "calorie.firstWeekday", value: .string("monday")), start),
            event(SettingChanged(key: "sources.priority", value: .array([.string("Apple Watch"), .string("iPhone")])), start),
        ]
    }

    /// Everything that happens on day `index` (0-based from the first day).
    public mutating func day(_ index: Int) -> [Event] {
        let midnight = firstMidnight + Int64(index) * Self.microsPerDay
        var events: [Event] = []
        events += night(midnight)
        events += heartRate(midnight)
        events += steps(midnight)
        events += selfReports(midnight, weekday: (index + 3) % 7)
        events.append(sample("HKQuantityTypeIdentifierBodyMass", random.reading(mean: 68.5 - Double(index) * 0.01, deviation: 0.3, places: 1), "kg", at: midnight + hours(7.2), source: Self.scale))
        events.append(sample("HKQuantityTypeIdentifierRestingHeartRate", random.reading(mean: 58, deviation: 2), "count/min", at: midnight + hours(23.5)))
        events.append(event(ActivitySummaryRecorded(date: localDate(midnight), activeEnergyBurned: random.reading(mean: 480, deviation: 90), activeEnergyBurnedGoal: 500, exerciseMinutes: random.reading(mean: 32, deviation: 12), exerciseMinutesGoal: 30, standHours: random.reading(mean: 11, deviation: 2), standHoursGoal: 12), Timestamp(micros: midnight + hours(23.9)), Self.watch))
        if index % 2 == 0 { events.append(workout(midnight)) }
        if index % 3 == 0 { events.append(heartbeats(midnight)) }
        if index % 7 == 0 { events += weekly(midnight) }
        if index % 30 == 0 { events.append(electrocardiogram(midnight)) }
        events.append(morningFace(midnight, after: events))
        return events
    }

    /// At least `count` events: the setup, then whole days.
    public mutating func events(count: Int) -> [Event] {
        var events = setup()
        var index = 0
        while events.count < count {
            events += day(index)
            index += 1
        }
        return Array(events.prefix(count))
    }

    /// Only Apple Health quantity samples, as an import of a watch's history would bring.
    public mutating func healthKitSamples(count: Int) -> [Event] {
        var events: [Event] = []
        var index = 0
        while events.count < count {
            let midnight = firstMidnight + Int64(index) * Self.microsPerDay
            events += heartRate(midnight) + steps(midnight)
            index += 1
        }
        return Array(events.prefix(count))
    }

    func hours(_ value: Double) -> Int64 { Int64(value * 3_600_000_000) }

    func localDate(_ midnight: Int64) -> String {
        String(Timestamp(micros: midnight).iso8601(utcOffset: utcOffset).prefix(10))
    }

    mutating func event<P: EventPayload>(_ payload: P, _ start: Timestamp, _ source: Source = .cli, end: Timestamp? = nil) -> Event {
        // Cannot fail: 16 bytes, an id's size
        let id = EventID(bytes: (0..<16).map { _ in UInt8.random(in: 0...255, using: &random) })!
        return Event(payload, id: id, start: start, end: end, utcOffset: utcOffset, zone: "Europe/Berlin", source: source)
    }

    mutating func sample(_ type: String, _ value: Double, _ unit: String, at micros: Int64, duration: Int64 = 0, source: Source = watch) -> Event {
        event(SampleRecorded(type: type, value: value, unit: unit), Timestamp(micros: micros), source, end: duration > 0 ? Timestamp(micros: micros + duration) : nil)
    }
}
