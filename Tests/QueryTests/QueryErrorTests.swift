import LedgerCore
import Query
import Testing

/// A query that cannot be answered names the column of the problem and a likely fix.
@Suite struct QueryErrorTests {
    struct Case: Sendable, CustomStringConvertible {
        let query: String
        let column: Int
        let suggestion: String?
        var description: String { query }
    }

    static let cases: [Case] = [
        Case(query: "mood whre rating < 3", column: 6, suggestion: "where"),
        Case(query: "mood where ratng <= 3", column: 12, suggestion: "rating"),
        Case(query: "mod avg by day", column: 1, suggestion: "mood"),
        Case(query: "sleep.totl by day", column: 1, suggestion: "sleep_total"),
        Case(query: "heart_rate avg by hours", column: 19, suggestion: "hour"),
        Case(query: "mood avg by day where wekday", column: 23, suggestion: "weekday"),
        Case(query: "mood where within 30m aftr activity", column: 23, suggestion: "after"),
        Case(query: "mood where rating <= 3 and (hour > 20", column: 38, suggestion: ")"),
        Case(query: "mood where note contains \"busy", column: 26, suggestion: "\"busy\""),
        Case(query: "mood where last 7 dys", column: 19, suggestion: "days"),
        Case(query: "mood where between 2026-03-01 and 2026-01-01", column: 20, suggestion: "between 2026-01-01 and 2026-03-01"),
        Case(query: "dose where medication > 3", column: 12, suggestion: nil),
        Case(query: "mood avg by day where sleep.total < 6 and note = 3", column: 43, suggestion: nil),
        Case(query: "sleep.total avg by hour", column: 1, suggestion: "by day"),
        Case(query: "mood, dose", column: 7, suggestion: nil),
    ]

    @Test(arguments: cases) func pointsAtTheProblem(_ example: Case) throws {
        let data = try QueryData(events: QueryErrorTests.events, now: Timestamp(micros: 1_770_000_000_000_000))
        let error = try #require(throws: QueryError.self) { try QueryEngine.run(example.query, data: data) }
        #expect(error.column == example.column)
        #expect(error.suggestion == example.suggestion)
    }

    @Test func caretSitsUnderTheWord() throws {
        let error = try #require(throws: QueryError.self) { try Parser.parse("mood avg by dya") }
        let lines = error.rendered(in: "mood avg by dya").split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines[1] == "  mood avg by dya")
        #expect(lines[2] == "              ^^^")
        #expect(lines[0].contains("did you mean 'day'"))
    }

    static let events: [Event] = [
        Event(MoodRated(rating: 4, note: "busy"), start: Timestamp(micros: 1_769_990_000_000_000), utcOffset: 3600),
        Event(DoseTaken(medication: "Ibuprofen", dosage: Dosage(amount: 200, unit: .mg)), start: Timestamp(micros: 1_769_991_000_000_000), utcOffset: 3600),
    ]
}
