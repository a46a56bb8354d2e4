import LedgerCore
import Numerical
import Query
import Testing

/// Correlations over the fixture, against groupings made from its events directly (the
/// statistics themselves are checked against SciPy in StatisticsTests).
@Suite struct CorrelationTests {
    let fixture = QueryFixture.shared

    func moodAverages() throws -> [Int64: Double] {
        var ratings: [Int64: [Double]] = [:]
        for event in fixture.events where event.kind == .moodRated {
            ratings[QueryFixture.day(event.start.micros, event.utcOffset), default: []].append(try event.decode(MoodRated.self).rating)
        }
        return ratings.mapValues { $0.reduce(0, +) / Double($0.count) }
    }

    @Test(arguments: [0, 1]) func outcomeWithAndWithoutAFactor(lag: Int) throws {
        let correlation = try Correlation.run(factor: #"dose "Ibuprofen""#, outcome: "mood avg", lagDays: lag, data: fixture.data())
        var ibuprofenDays: Set<Int64> = []
        for event in fixture.events where event.kind == .doseTaken {
            if try event.decode(DoseTaken.self).medication == "Ibuprofen" { ibuprofenDays.insert(QueryFixture.day(event.start.micros, event.utcOffset)) }
        }
        let moods = try moodAverages()
        let days = moods.keys.sorted()
        let with = days.filter { ibuprofenDays.contains($0 - Int64(lag)) }.map { moods[$0]! }
        let without = days.filter { !ibuprofenDays.contains($0 - Int64(lag)) }.map { moods[$0]! }
        guard case .factor(let welch) = correlation.finding else { Issue.record("expected a yes/no factor"); return }
        #expect(with.count >= 10 && without.count >= 10)
        #expect(welch == Welch(with: with, without: without))
        #expect(welch.lower < welch.difference && welch.difference < welch.upper)
    }

    @Test func numericSeriesWithALagOfADay() throws {
        let correlation = try Correlation.run(factor: "sleep.total", outcome: "mood avg", lagDays: 1, data: fixture.data())
        let asleep: Set<String> = ["HKCategoryValueSleepAnalysisAsleepCore", "HKCategoryValueSleepAnalysisAsleepDeep", "HKCategoryValueSleepAnalysisAsleepREM"]
        var sleep: [Int64: Double] = [:]
        for event in fixture.events where event.kind == .categoryRecorded {
            let stage = try event.decode(CategoryRecorded.self)
            guard asleep.contains(stage.value), let end = event.end else { continue }
            sleep[QueryFixture.day(end.micros + 6 * 3_600_000_000, event.utcOffset), default: 0] += Double(end.micros - event.start.micros) / 3_600_000_000
        }
        let moods = try moodAverages()
        let days = sleep.keys.filter { moods[$0 + 1] != nil }.sorted()
        let expected = try #require(Pearson(days.map { sleep[$0]! }, days.map { moods[$0 + 1]! }))
        guard case .numeric(let pearson) = correlation.finding else { Issue.record("expected numeric series"); return }
        #expect(pearson.n == expected.n && pearson.n > 100)
        #expect(abs(pearson.r - expected.r) < 1e-12)
        #expect(abs(pearson.p - expected.p) < 1e-12)
    }

    @Test func tooFewDaysOnOneSideIsAnError() throws {
        #expect(throws: CorrelationError.self) {
            try Correlation.run(factor: #"dose "Ibuprofen" where between 2026-01-01 and 2026-01-02"#, outcome: "mood avg", lagDays: 0, data: fixture.data())
        }
    }
}
