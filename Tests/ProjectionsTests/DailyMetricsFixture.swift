import LedgerCore
@testable import Projections

/// Builds the events of the hand-computed day, with fixed ids so runs are comparable.
struct DailyMetricsFixture {
    static let berlin: Int32 = 3600
    static let newYork: Int32 = -18_000
    static let watch = Source(name: "Apple Watch")
    static let phone = Source(name: "iPhone")

    private var nextID: UInt8 = 0

    /// The instant of local time `text` (`2024-03-10T10:00`) at `offset`.
    static func at(_ text: String, _ offset: Int32) -> Timestamp {
        try! ISO8601.parse(text + ":00" + Timestamp.offsetText(offset), localOffset: 0).timestamp
    }

    static func day(_ text: String) -> LocalDay { LocalDay(iso: text)! }

    mutating func id() -> EventID {
        nextID += 1
        return EventID(bytes: [UInt8](repeating: 0, count: 15) + [nextID])!
    }

    mutating func sample(_ type: String, _ value: Double, _ unit: String, _ from: String, _ to: String? = nil,
                         offset: Int32 = berlin, source: Source = watch) -> Event {
        Event(SampleRecorded(type: "HKQuantityTypeIdentifier" + type, value: value, unit: unit), id: id(),
              start: Self.at(from, offset), end: to.map { Self.at($0, offset) }, utcOffset: offset, source: source)
    }

    mutating func sleep(_ stage: String, _ from: String, _ to: String, source: Source = watch) -> Event {
        Event(CategoryRecorded(type: "HKCategoryTypeIdentifierSleepAnalysis", value: "HKCategoryValueSleepAnalysis" + stage), id: id(),
              start: Self.at(from, Self.berlin), end: Self.at(to, Self.berlin), utcOffset: Self.berlin, source: source)
    }

    mutating func event<P: EventPayload>(_ payload: P, _ at: String, offset: Int32 = berlin, source: Source = .cli) -> Event {
        Event(payload, id: id(), start: Self.at(at, offset), utcOffset: offset, source: source)
    }

    /// Sunday 10 March 2024: a night in Berlin (UTC+1), overlapping iPhone and Watch steps,
    /// steps across midnight, then a flight to New York (UTC−5) with evening samples there.
    mutating func travelDay() -> [Event] {
        [
            // Night Mar 9 → 10 in Berlin. iPhone in-bed 22:45–07:00 (8.25 h).
            sleep("InBed", "2024-03-09T22:45", "2024-03-10T07:00", source: Self.phone),
            // Watch stages: core 2 h, deep 1.5 h, REM 1 h, awake 0.25 h, core 2.75 h.
            sleep("AsleepCore", "2024-03-09T23:00", "2024-03-10T01:00"),
            sleep("AsleepDeep", "2024-03-10T01:00", "2024-03-10T02:30"),
            sleep("AsleepREM", "2024-03-10T02:30", "2024-03-10T03:30"),
            sleep("Awake", "2024-03-10T03:30", "2024-03-10T03:45"),
            sleep("AsleepCore", "2024-03-10T03:45", "2024-03-10T06:30"),
            // Another app's unspecified sleep 23:30–06:00: only the Watch's awake quarter hour is uncovered.
            sleep("Asleep", "2024-03-09T23:30", "2024-03-10T06:00", source: Source(name: "AutoSleep")),
            // 120 iPhone steps 23:30–00:30 across midnight: 60 on each day.
            sample("StepCount", 120, "count", "2024-03-09T23:30", "2024-03-10T00:30", source: Self.phone),
            // iPhone 1000 steps 10:00–11:00; the Watch covers 10:30–11:00 with 600.
            sample("StepCount", 1000, "count", "2024-03-10T10:00", "2024-03-10T11:00", source: Self.phone),
            sample("StepCount", 600, "count", "2024-03-10T10:30", "2024-03-10T11:00"),
            sample("StepCount", 200, "count", "2024-03-10T11:00", "2024-03-10T11:30"),
            sample("StepCount", 300, "count", "2024-03-10T11:30", "2024-03-10T12:00", source: Self.phone),
            sample("HeartRate", 60, "count/min", "2024-03-10T08:00"),
            sample("BodyMass", 165, "lb", "2024-03-10T07:30", source: Source(name: "Withings")),
            event(FoodLogged(name: "Pasta", kcal: 500, protein: 20, nutrients: ["sodiumMg": 400, "fiber": 6]), "2024-03-10T12:30"),
            sample("DietaryEnergyConsumed", 1046, "kJ", "2024-03-10T12:35", source: Source(name: "MyFitnessPal")),
            event(MoodRated(rating: 7, scaleMin: 1, scaleMax: 10), "2024-03-10T09:00"),
            // Flight 13:00 Berlin → 15:30 New York. From here on the samples carry UTC−5.
            sample("StepCount", 400, "count", "2024-03-10T21:00", "2024-03-10T22:00", offset: Self.newYork),
            sample("HeartRate", 80, "count/min", "2024-03-10T23:30", offset: Self.newYork),
            sample("HeartRate", 100, "count/min", "2024-03-11T00:30", offset: Self.newYork),
            event(MoodRated(rating: 4, scaleMin: 1, scaleMax: 5), "2024-03-10T22:00", offset: Self.newYork),
            event(DoseTaken(medication: "Ibuprofen"), "2024-03-10T18:00", offset: Self.newYork),
            event(SymptomReported(name: "Headache", severity: .moderate), "2024-03-10T17:50", offset: Self.newYork),
        ]
    }

    /// A state with `events` added in order.
    static func state(_ events: [Event], loadPartition: @escaping (DayPartition) -> [UInt8]? = { _ in nil }) throws -> DailyMetricsState {
        let state = try DailyMetricsState(loadPartition: loadPartition)
        for event in events { try state.add(event) }
        return state
    }
}
