import Foundation
import LedgerCore
import Numerical
import Projections
import Testing
@testable import Query

/// Ratings given on different scales read the same in `query`, the daily metrics and
/// `correlate`: each as its place on its own scale, shown on the vault's rating scale.
@Suite struct RatingScaleQueryTests {
    static let offset: Int32 = 3600
    /// 2026-03-02 … 2026-03-07, 09:00 local.
    static func time(_ day: Int, hours: Int = 0) -> Timestamp {
        Timestamp(micros: (1_772_409_600 + Int64(day) * 86_400 + Int64(8 + hours) * 3600) * 1_000_000)
    }

    /// Each day, one rating on 1–5, one on 1–10 and one on 0–10; aspirin on days 0, 2 and 4.
    static func events(scaleSetting: String? = nil) -> [Event] {
        let ratings: [[(Double, Double, Double)]] = [
            [(4, 1, 5), (7, 1, 10), (3, 0, 10)], [(2, 1, 5), (9, 1, 10), (5, 0, 10)], [(5, 1, 5), (1, 1, 10), (5, 0, 10)],
            [(1, 1, 5), (4, 1, 10), (8, 0, 10)], [(3, 1, 5), (6, 1, 10), (10, 0, 10)], [(4, 1, 5), (2, 1, 10), (0, 0, 10)],
        ]
        var events: [Event] = []
        if let scaleSetting {
            events.append(Event(SettingChanged(key: RatingScale.settingKey, value: .string(scaleSetting)), start: time(0, hours: -2), utcOffset: offset))
        }
        for (day, moods) in ratings.enumerated() {
            for (index, (rating, low, high)) in moods.enumerated() {
                events.append(Event(MoodRated(rating: rating, scaleMin: low, scaleMax: high), start: time(day, hours: index), utcOffset: offset))
            }
            if day % 2 == 0 { events.append(Event(DoseTaken(medication: "Aspirin"), start: time(day, hours: 4), utcOffset: offset)) }
        }
        return events
    }

    /// The day's mean of (rating − min) / (max − min), on `low…high`.
    static func expected(_ day: Int, low: Double = 1, high: Double = 10) -> Double {
        let moods = events().filter { $0.kind == .moodRated && LocalDay($0.start, utcOffset: offset) == LocalDay(time(day), utcOffset: offset) }
        let fractions = moods.map { event in
            let mood = try! event.decode(MoodRated.self)
            return (mood.rating - mood.scaleMin) / (mood.scaleMax - mood.scaleMin)
        }
        return low + fractions.reduce(0, +) / Double(fractions.count) * (high - low)
    }

    @Test(arguments: [(nil, 1.0, 10.0), ("1-5", 1, 5), ("0-100", 0, 100)] as [(String?, Double, Double)])
    func theSameMoodsGiveTheSameNumberInQueryDailyAndCorrelate(setting: String?, low: Double, high: Double) throws {
        let data = try QueryData(events: Self.events(scaleSetting: setting), now: Self.time(7))
        let result = try QueryEngine.run("mood avg, daily.mood_avg by day", data: data)
        let scale = "\(Int(low))-\(Int(high))"
        #expect(result.columns[1].unit == scale && result.columns[2].unit == scale, "every column says its scale")
        let queried = result.numbers(column: 1), daily = result.numbers(column: 2)
        #expect(queried.count == 6)
        for day in 0..<6 {
            let expected = Self.expected(day, low: low, high: high)
            #expect(abs(try #require(queried[day]) - expected) < 1e-9, "query, day \(day)")
            #expect(abs(try #require(daily[day]) - expected) < 1e-9, "daily view through the query, day \(day)")
            let metrics = try data.daily.metrics(for: LocalDay(Self.time(day), utcOffset: Self.offset))
            #expect(abs(try #require(metrics["mood_avg"]) - expected) < 1e-9, "daily view, day \(day)")
        }
        let correlation = try Correlation.run(factor: #"dose where medication = "Aspirin""#, outcome: "mood avg", lagDays: 0, data: data)
        guard case .factor(let welch) = correlation.finding else { Issue.record("a dose is a yes/no factor"); return }
        let withDose = [0, 2, 4].map { Self.expected($0, low: low, high: high) }.reduce(0, +) / 3
        let withoutDose = [1, 3, 5].map { Self.expected($0, low: low, high: high) }.reduce(0, +) / 3
        #expect(abs(welch.withMean - withDose) < 1e-9 && abs(welch.withoutMean - withoutDose) < 1e-9)
    }

    @Test func theIssuesDayReadsAsItsRatingsPlacesNotTheirRawMean() throws {
        let data = try QueryData(events: Self.events(), now: Self.time(7))
        let day = try #require(try QueryEngine.run("mood avg by day", data: data).numbers(column: 1).first ?? nil)
        #expect(abs(day - (7.75 + 7 + 3.7) / 3) < 1e-9, "4 of 1-5, 7 of 1-10, 3 of 0-10")
        #expect(abs(day - (4.0 + 7 + 3) / 3) > 1, "not the raw mean 4.67")
        let listed = try QueryEngine.run("mood where rating >= 7.75", data: data)
        #expect(listed.rows.count >= 1 && listed.columns.contains { $0.unit == "1-10" })
    }
}
