import Foundation
import LedgerCore
import Query
import Testing

/// The five example queries of docs/query.md, each checked against an answer computed from
/// the fixture's events directly.
@Suite struct ExampleQueryTests {
    let fixture = QueryFixture.shared

    func numbers(_ result: QueryResult, _ title: String) throws -> [Double?] {
        let index = try #require(result.columns.firstIndex { $0.title == title })
        return result.numbers(column: index)
    }

    func labels(_ result: QueryResult) -> [String] {
        result.rows.map { row in if case .text(let text) = row[0] { text } else { "" } }
    }

    @Test func moodsSoonAfterSocializing() throws {
        let result = try QueryEngine.run(#"mood where rating <= 3 and within 30m after activity "Socializing""#, data: fixture.data())
        let starts = Dictionary(uniqueKeysWithValues: fixture.events.filter { $0.kind == .activityStarted }.map { ($0.id, $0) })
        let ends = try fixture.events.filter { $0.kind == .activityStopped }.compactMap { stop -> Int64? in
            let payload = try stop.decode(ActivityStopped.self)
            guard payload.name == "Socializing", let started = payload.startedBy, starts[started] != nil else { return nil }
            return stop.start.micros
        }
        let expected = try fixture.events.filter { $0.kind == .moodRated }.filter { mood in
            let rating = try mood.decode(MoodRated.self).rating
            return rating <= 3 && ends.contains { $0 <= mood.start.micros && mood.start.micros <= $0 + 30 * 60_000_000 }
        }.sorted { $0.start < $1.start }
        #expect(expected.count > 5)
        #expect(result.rows.count == expected.count)
        #expect(try numbers(result, "rating") == expected.map { try $0.decode(MoodRated.self).rating })
        #expect(result.times == expected.map(QueryFixture.localMicros))
    }

    @Test func heartRatePerHourOverTheLastWeek() throws {
        let result = try QueryEngine.run("heart_rate avg by hour where last 7d", data: fixture.data())
        var groups: [Int64: [Double]] = [:]
        for event in fixture.events where event.kind == .sampleRecorded && event.start.micros >= fixture.now.micros - 7 * 86_400_000_000 {
            let sample = try event.decode(SampleRecorded.self)
            guard sample.type == "HKQuantityTypeIdentifierHeartRate" else { continue }
            let hour = QueryFixture.localMicros(event) / 3_600_000_000
            groups[hour, default: []].append(sample.value)
        }
        let hours = groups.keys.sorted()
        #expect(hours.count >= 7 * 24)
        #expect(labels(result) == hours.map { "\(QueryFixture.dayText($0 / 24)) \(String(format: "%02lld", $0 % 24)):00" })
        let averages = try numbers(result, "heart_rate avg")
        for (hour, average) in zip(hours, averages) {
            let values = groups[hour]!
            #expect(abs(average! - values.reduce(0, +) / Double(values.count)) < 1e-9)
        }
        #expect(result.columns[1].unit == "count/min")
    }

    @Test func ibuprofenForHeadachesOrLate() throws {
        let result = try QueryEngine.run(#"dose where medication = "Ibuprofen" and (note contains "headache" or hour >= 20)"#, data: fixture.data())
        let expected = try fixture.events.filter { $0.kind == .doseTaken }.filter { event in
            let dose = try event.decode(DoseTaken.self)
            let hour = QueryFixture.localMicros(event) % 86_400_000_000 / 3_600_000_000
            return dose.medication == "Ibuprofen" && ((dose.note?.lowercased().contains("headache") ?? false) || hour >= 20)
        }.sorted { $0.start < $1.start }
        let ibuprofen = try fixture.events.filter { event in try event.kind == .doseTaken && event.decode(DoseTaken.self).medication == "Ibuprofen" }
        #expect(expected.count > 3 && expected.count < ibuprofen.count)
        #expect(result.times == expected.map(QueryFixture.localMicros))
        #expect(try numbers(result, "dosage_amount") == expected.map { try $0.decode(DoseTaken.self).dosage?.amount })
    }

    @Test func sleepTotalOnWeekdays() throws {
        let result = try QueryEngine.run("sleep.total by day where weekday", data: fixture.data())
        // Asleep stages count toward the day their night ends on (end + 6 h), in hours.
        let asleep: Set<String> = ["HKCategoryValueSleepAnalysisAsleepCore", "HKCategoryValueSleepAnalysisAsleepDeep", "HKCategoryValueSleepAnalysisAsleepREM"]
        var totals: [Int64: Double] = [:]
        for event in fixture.events where event.kind == .categoryRecorded {
            let stage = try event.decode(CategoryRecorded.self)
            guard stage.type == "HKCategoryTypeIdentifierSleepAnalysis", asleep.contains(stage.value), let end = event.end else { continue }
            let day = QueryFixture.day(end.micros + 6 * 3_600_000_000, event.utcOffset)
            totals[day, default: 0] += Double(end.micros - event.start.micros) / 3_600_000_000
        }
        let weekdays = totals.keys.filter { QueryFixture.weekday($0) <= 5 }.sorted()
        #expect(weekdays.count > 60)
        #expect(labels(result) == weekdays.map(QueryFixture.dayText))
        for (day, total) in zip(weekdays, try numbers(result, "sleep.total")) {
            #expect(abs(total! - totals[day]!) < 1e-9)
        }
        #expect(result.columns[1].unit == "hr")
    }

    @Test func moodAverageAndMinimumPerDayInTheFirstQuarter() throws {
        let result = try QueryEngine.run("mood avg, mood min by day where between 2026-01-01 and 2026-03-31", data: fixture.data())
        let first = CivilDate.toDays(year: 2026, month: 1, day: 1), last = CivilDate.toDays(year: 2026, month: 3, day: 31)
        var groups: [Int64: [Double]] = [:]
        for event in fixture.events where event.kind == .moodRated {
            let day = QueryFixture.day(event.start.micros, event.utcOffset)
            if (first...last).contains(day) { groups[day, default: []].append(try event.decode(MoodRated.self).rating) }
        }
        let days = groups.keys.sorted()
        #expect(days.count == 90)
        #expect(labels(result) == days.map(QueryFixture.dayText))
        let averages = try numbers(result, "mood avg"), minimums = try numbers(result, "mood min")
        for (index, day) in days.enumerated() {
            let ratings = groups[day]!
            #expect(abs(averages[index]! - ratings.reduce(0, +) / Double(ratings.count)) < 1e-9)
            #expect(minimums[index] == ratings.min())
        }
    }
}
