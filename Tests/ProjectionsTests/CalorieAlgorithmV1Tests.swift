import LedgerCore
import Testing
@testable import Projections

/// Worked examples computed by hand from the seed's formulas.
@Suite("Calorie algorithm v1: the seed's maintenance and credit")
struct CalorieAlgorithmV1Tests {
    /// 28 days of `value`.
    func every(_ value: Double) -> [Double?] { Array(repeating: value, count: 28) }

    @Test("the EWMA fills an unlogged day with the period average: 2000, (2500), 3000 → 2343.75")
    func ewmaFillsGaps() {
        // S1 = 2000; S2 = 0.25·2500 + 0.75·2000 = 2125; S3 = 0.25·3000 + 0.75·2125 = 2343.75.
        #expect(CalorieAlgorithmV1.smoothedIntake([2000, nil, 3000]) == 2343.75)
        #expect(CalorieAlgorithmV1.smoothedIntake([nil, nil]) == nil)
    }

    @Test("losing 0.05 kg/day on 2500 kcal: maintenance 2500 + 0.35·7700/7 = 2885")
    func steadyLoss() throws {
        let weights = (0..<28).map { Optional(80 - 0.05 * Double($0)) }
        let estimate = CalorieAlgorithmV1.estimate(intake: every(2500), weight: weights)
        #expect(abs(try #require(estimate.slope) + 0.05) < 1e-12)
        #expect(abs(estimate.weeklyRate + 0.35) < 1e-12)
        #expect(abs(estimate.maintenance - 2885) < 1e-9)
        #expect(estimate.confidence == 1 && estimate.isValid)
    }

    @Test("gaining 0.2 kg/day clamps to +0.5 kg/week: 2500 − 0.5·7700/7 = 1950")
    func gainClamp() {
        let weights = (0..<28).map { Optional(70 + 0.2 * Double($0)) }
        let estimate = CalorieAlgorithmV1.estimate(intake: every(2500), weight: weights)
        #expect(estimate.weeklyRate == 0.5)
        #expect(abs(estimate.maintenance - 1950) < 1e-9)
    }

    @Test("losing 0.3 kg/day clamps to −1.0 kg/week: 1500 + 1.0·7700/7 = 2600")
    func lossClamp() {
        let weights = (0..<28).map { Optional(90 - 0.3 * Double($0)) }
        let estimate = CalorieAlgorithmV1.estimate(intake: every(1500), weight: weights)
        #expect(estimate.weeklyRate == -1.0)
        #expect(abs(estimate.maintenance - 2600) < 1e-9)
    }

    @Test("half the span of intake: confidence min(1·1, 1·14/28) = 0.5, maintenance 2400·0.5 + 2000·0.5 = 2200")
    func partialConfidence() {
        let intake: [Double?] = (0..<28).map { $0 >= 14 ? 2400 : nil }
        var weights = [Double?](repeating: nil, count: 28)
        for day in [0, 4, 9, 13, 18, 22, 27] { weights[day] = 70 }
        let estimate = CalorieAlgorithmV1.estimate(intake: intake, weight: weights)
        #expect(estimate.calories == SeriesCoverage(intake, minPoints: 14))
        #expect(estimate.calories.points == 14 && estimate.calories.span == 14)
        #expect(estimate.weight.confidence == 1)
        #expect(estimate.confidence == 0.5)
        #expect(estimate.maintenance == 2200)
    }

    @Test("too little data (6 weights, or intake spanning 13 days) gives the 2000 kcal baseline with confidence 0")
    func tooLittleData() {
        var sixWeights = [Double?](repeating: nil, count: 28)
        for day in [0, 5, 10, 15, 20, 27] { sixWeights[day] = 70 }
        let fewWeights = CalorieAlgorithmV1.estimate(intake: every(3000), weight: sixWeights)
        #expect(fewWeights.confidence == 0 && !fewWeights.isValid && fewWeights.maintenance == 2000)

        let shortIntake: [Double?] = (0..<28).map { $0 >= 15 ? 3000 : nil }
        let shortSpan = CalorieAlgorithmV1.estimate(intake: shortIntake, weight: every(70))
        #expect(shortSpan.calories.span == 13)
        #expect(shortSpan.confidence == 0 && shortSpan.maintenance == 2000)

        let nothing = CalorieAlgorithmV1.estimate(intake: Array(repeating: nil, count: 28), weight: every(70))
        #expect(nothing.raw == nil && nothing.maintenance == 2000 && nothing.confidence == 0)
    }

    @Test("under-eating 500 kcal over the first 3 days gives +125/day for the remaining 4")
    func creditExample() {
        let credit = WeeklyCredit(base: 2000, earlierIntake: [1800, 1900, 1800])
        #expect(credit.credit == 500)
        #expect(credit.daysRemaining == 4)
        #expect(credit.adjustedBudget == 2125)
    }

    @Test("on the week's first day there is no credit; an unlogged earlier day counts as 0 kcal")
    func creditEdges() {
        #expect(WeeklyCredit(base: 1800, earlierIntake: []).adjustedBudget == 1800)
        // Credit = 2000·2 − 2600 = 1400 over 5 days → +280.
        #expect(WeeklyCredit(base: 2000, earlierIntake: [2600, nil]).adjustedBudget == 2280)
    }

    @Test("a week starting Monday vs Sunday", arguments: [
        (Weekday.monday, "2026-11-22", "2026-11-16"), (.sunday, "2026-11-22", "2026-11-22"),
        (.monday, "2026-11-23", "2026-11-23"), (.sunday, "2026-11-21", "2026-11-15"),
    ])
    func weekStart(first: Weekday, day: String, start: String) throws {
        #expect(first.weekStart(of: try #require(LocalDay(iso: day))) == LocalDay(iso: start))
    }

    @Test("weekday settings read numbers and names")
    func weekdaySetting() {
        #expect(Weekday(setting: "2") == .monday)
        #expect(Weekday(setting: "Sunday") == .sunday)
        #expect(Weekday(setting: "sat") == .saturday)
        #expect(Weekday(setting: "8") == nil && Weekday(setting: "x") == nil)
    }
}
