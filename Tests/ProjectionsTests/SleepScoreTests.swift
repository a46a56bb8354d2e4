import LedgerCore
import Testing
@testable import Projections

@Suite struct SleepScoreTests {
    /// A night from 23:00 to 07:00 with stages: 7 h asleep (1.5 REM, 1 deep), 0.5 h awake.
    static func night(day: Int64 = FaceModelsFixture.firstDay, stages: Bool = true) -> [Event] {
        func stage(_ value: String, _ from: Double, _ to: Double) -> Event {
            Event(CategoryRecorded(type: "HKCategoryTypeIdentifierSleepAnalysis", value: value),
                  start: FaceModelsFixture.micros(day: day, hour: from), end: FaceModelsFixture.micros(day: day, hour: to), utcOffset: 0)
        }
        guard stages else { return [stage("HKCategoryValueSleepAnalysisAsleep", -1, 7)] }
        return [
            stage("HKCategoryValueSleepAnalysisAwake", -1, -0.75),
            stage("HKCategoryValueSleepAnalysisAsleepCore", -0.75, 2),
            stage("HKCategoryValueSleepAnalysisAsleepDeep", 2, 3),
            stage("HKCategoryValueSleepAnalysisAwake", 3, 3.25),
            stage("HKCategoryValueSleepAnalysisAsleepREM", 3.25, 4.75),
            stage("HKCategoryValueSleepAnalysisAsleepCore", 4.75, 7),
        ]
    }

    @Test func everyContributorFollowsItsCurveAndTheWeightsAreOuras() throws {
        let daily = try FaceModelsFixture.dailyMetrics(Self.night())
        let score = try #require(SleepScore(try daily.metrics(for: LocalDay(number: FaceModelsFixture.firstDay))))
        let parts = Dictionary(uniqueKeysWithValues: score.parts.map { ($0.contributor, $0) })
        #expect(parts[.totalSleep]?.value == 7.5 && parts[.totalSleep]?.score == 100)
        #expect(parts[.efficiency]?.value == 93.75 && parts[.efficiency]?.score == 100)  // 7.5 of 8 h
        #expect(parts[.latency]?.value == 0 && parts[.latency]?.score == 50)  // the awake stage is the latency here
        #expect(parts[.rem]?.value == 20 && parts[.rem]?.score == 100)
        #expect(abs(parts[.deep]!.value - 100 / 7.5) < 1e-9 && abs(parts[.deep]!.score - 100 * (100 / 7.5) / 15) < 1e-9)
        #expect(parts[.restfulness]?.value == 6.25 && parts[.restfulness]?.score == 95)
        #expect(parts[.timing]?.value == 3 && parts[.timing]?.score == 100)
        let expected = 0.35 * 100 + 0.10 * 100 + 0.10 * 50 + 0.10 * 100 + 0.10 * parts[.deep]!.score + 0.15 * 95 + 0.10 * 100
        #expect(abs(score.score - expected) < 1e-9)
        #expect(abs(SleepContributor.allCases.reduce(0) { $0 + $1.weight } - 1) < 1e-12)
    }

    @Test func aNightWithoutStagesIsScoredOnWhatItHas() throws {
        let daily = try FaceModelsFixture.dailyMetrics(Self.night(stages: false))
        let score = try #require(SleepScore(try daily.metrics(for: LocalDay(number: FaceModelsFixture.firstDay))))
        #expect(score.parts.map(\.contributor) == [.totalSleep, .efficiency, .latency, .timing])
        #expect(abs(score.score - 100 * (0.35 + 0.10 + 0.10 * 0.5 + 0.10) / 0.65) < 1e-9)
        #expect(SleepScore(try daily.metrics(for: LocalDay(number: FaceModelsFixture.firstDay + 1))) == nil, "no night, no score")
    }
}
