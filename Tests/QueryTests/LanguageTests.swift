import LedgerCore
@testable import Projections
import Query
import Testing

/// The language's parts on a small hand-made week, with answers worked out by hand.
@Suite struct LanguageTests {
    /// Monday 2 March 2026 and the weekend after, at +01:00.
    static func at(_ day: Int, _ hour: Int, _ minute: Int = 0) -> Timestamp {
        Timestamp(micros: ((CivilDate.toDays(year: 2026, month: 3, day: Int64(day)) * 86_400 + Int64(hour * 3600 + minute * 60) - 3600) * 1_000_000))
    }

    static func event<P: EventPayload>(_ payload: P, _ start: Timestamp, end: Timestamp? = nil, id: EventID = .random()) -> Event {
        Event(payload, id: id, start: start, end: end, utcOffset: 3600, zone: "Europe/Paris")
    }

    static let running = event(ActivityStarted(name: "Running"), at(7, 9))
    static let greatEvening = event(MoodRated(rating: 9, note: "great evening", tags: ["friends"]), at(2, 21))
    static let lowMorning = event(MoodRated(rating: 2), at(2, 8))
    static let events: [Event] = [
        lowMorning, event(MoodRated(rating: 5), at(2, 12)), greatEvening,
        event(MoodRated(rating: 4), at(7, 10)), event(MoodRated(rating: 6), at(8, 22)),
        event(DoseTaken(medication: "Ibuprofen", dosage: Dosage(amount: 200, unit: .mg)), at(2, 11)),
        event(DoseTaken(medication: "Vitamin D"), at(7, 9, 30)),
        event(SampleRecorded(type: "HKQuantityTypeIdentifierHeartRate", value: 60, unit: "count/min"), at(2, 8)),
        event(SampleRecorded(type: "HKQuantityTypeIdentifierHeartRate", value: 70, unit: "count/min"), at(2, 8, 30)),
        event(SampleRecorded(type: "HKQuantityTypeIdentifierHeartRate", value: 80, unit: "count/min"), at(2, 9, 10)),
        event(SampleRecorded(type: "HKQuantityTypeIdentifierHeartRate", value: 100, unit: "count/min"), at(7, 10, 5)),
        running, event(ActivityStopped(name: "Running", startedBy: running.id), at(7, 9, 45)),
    ]

    func run(_ query: String, _ events: [Event] = LanguageTests.events) throws -> QueryResult {
        try QueryEngine.run(query, data: QueryData(events: events, now: Self.at(9, 12)))
    }

    func column(_ result: QueryResult, _ index: Int = 1) -> [Double?] { result.numbers(column: index) }

    @Test(arguments: [
        ("mood where rating > 8 or rating < 3 and hour < 12", [2.0, 9]),
        ("mood where (rating > 8 or rating < 3) and hour < 12", [2]),
        ("mood where not weekend", [2, 5, 9]),
        ("mood where weekend and not (rating = 4)", [6]),
        (#"mood where note contains "GREAT""#, [9]),
        (#"mood where tags contains "friend""#, [9]),
        (#"mood where within 4h before dose "Ibuprofen""#, [2]),
        (#"mood where within 1h after dose "ibuprofen""#, [5]),
        (#"mood where within 1h after dose (dosage_amount >= 200)"#, [5]),
        (#"mood where within 30m around activity "Running""#, [4]),
        ("mood where between 2026-03-07 and 2026-03-08", [4, 6]),
        ("mood where last 2d", [6]),
        ("mood where last 3d", [4, 6]),
        ("mood where weekday = 7", [6]),
    ] as [(String, [Double])]) func conditions(_ query: String, _ ratings: [Double]) throws {
        #expect(column(try run(query)) == ratings.map(Optional.some))
    }

    @Test func membershipAndWindowsOnSamples() throws {
        #expect(try run(#"dose where medication in ("ibuprofen", "Aspirin")"#).rows.count == 1)
        #expect(column(try run(#"heart_rate where within 20m around activity "Running""#)) == [100])
        #expect(column(try run(#"heart_rate where within 10m around activity "Running""#)).isEmpty)
    }

    @Test func aggregatesAndBuckets() throws {
        let totals = try run("heart_rate median, heart_rate stddev, heart_rate count")
        #expect(totals.rows.count == 1)
        #expect(column(totals, 0) == [75])
        #expect(abs(column(totals, 1)[0]! - (875.0 / 3).squareRoot()) < 1e-12)
        #expect(column(totals, 2) == [4])
        let weeks = try run("mood avg by week")
        #expect(weeks.rows.map { $0[0] } == [.text("2026-03-02")])
        #expect(abs(column(weeks)[0]! - 5.2) < 1e-12)
        #expect(try run("mood count by month").rows == [[.text("2026-03"), .number(5)]])
        let hours = try run("heart_rate max by hour")
        #expect(hours.rows.map { $0[0] } == [.text("2026-03-02 08:00"), .text("2026-03-02 09:00"), .text("2026-03-07 10:00")])
        #expect(column(hours) == [70, 80, 100])
        #expect(try run("activity.duration sum by day").rows == [[.text("2026-03-07"), .number(45)]])
        #expect(try run(#"dose "Vitamin D" count"#).rows == [[.number(1)]])
    }

    @Test func correctionsAndRetractionsChangeTheAnswer() throws {
        let index = QueryIndexState()
        for event in Self.events { try index.add(event) }
        var corrected = Self.greatEvening
        corrected.payload = MoodRated(rating: 7, note: "fine evening").document
        try index.remove(Self.greatEvening)
        try index.add(corrected)
        try index.remove(Self.lowMorning)
        let data = try QueryData(index: index, daily: try DailyMetricsView.makeState { _ in nil }, now: Self.at(9, 12))
        #expect(try QueryEngine.run("mood max, mood min, mood count", data: data).rows == [[.number(7), .number(4), .number(4)]])
    }

    @Test func storedPartitionsReadBackAsTheSameRows() throws {
        let index = QueryIndexState()
        for event in Self.events { try index.add(event) }
        var stored: [[UInt8]: [UInt8]] = [:]
        for change in index.drainChanges() { stored[change.key] = change.value }
        let reopened = try QueryIndexState(load: { stored[$0] })
        #expect(reopened.seriesNames == index.seriesNames)
        for series in index.seriesNames { #expect(try reopened.rows(of: series) == index.rows(of: series), "\(series)") }
        #expect(try reopened.rows(of: "activity").ends == [Self.at(7, 9, 45).micros])
    }
}
