import Numerical
import Testing
@testable import Projections

@Suite("Calorie algorithm v2: energy balance day by day")
struct CalorieAlgorithmV2Tests {
    /// Weights that follow w₀ + Σ_{i<t}(Cᵢ − maintenance)/7700 exactly.
    func weights(intake: [Double], maintenance: Double, start: Double = 80) -> [Double?] {
        var weight = start
        return intake.map { eaten in
            defer { weight += (eaten - maintenance) / 7700 }
            return weight
        }
    }

    @Test("on steady intake v2 agrees with v1's worked example: 2500 kcal losing 0.05 kg/day → 2885 (within the filter's 1% prior pull)")
    func steadyLoss() throws {
        let estimate = CalorieAlgorithmV2.estimate(intake: Array(repeating: 2500, count: 28), weight: (0..<28).map { 80 - 0.05 * Double($0) })
        // The filter starts from maintenance = mean intake ± 1000 kcal, which 28 days of
        // weighings outweigh but do not erase.
        #expect(abs(estimate.maintenance - 2885) < 0.01 * 2885)
        #expect(abs(estimate.weeklyRate + 0.35) < 0.01)
        #expect(estimate.confidence == 1)
        #expect(abs(estimate.trendWeight! - (80 - 0.05 * 27)) < 0.05)
        let interval = try #require(estimate.interval)
        #expect(interval.contains(2885))
    }

    @Test("a diet start that empties 1.2 kg of glycogen water: v2's interval still holds the true 2500 kcal")
    func glycogenWaterAtDietStart() throws {
        let intake = Array(repeating: 2800.0, count: 21) + Array(repeating: 2100.0, count: 21)
        var weight = weights(intake: intake, maintenance: 2500)
        for day in 21..<42 { weight[day] = weight[day]! - 1.2 * min(1, Double(day - 20) / 5) }
        let v2 = CalorieAlgorithmV2.estimate(intake: intake, weight: weight)
        let interval = try #require(v2.interval)
        #expect(interval.contains(2500))
        // Fitting a line to the energy-adjusted weights, as v2 first did, reads the water as fat burnt.
        let adjusted = (0..<42).map { day in (x: Double(day), y: weight[day]! - intake[..<day].reduce(0, +) / 7700) }
        let lineFit = 2500 - 7700 * (LeastSquares.slope(adjusted)! + 2500.0 / 7700)
        #expect(abs(v2.maintenance - 2500) < abs(lineFit - 2500))
    }

    @Test("a diet starting mid-window: v2 recovers the true 2500 kcal, v1's EWMA does not")
    func dietStart() {
        let intake = Array(repeating: 3000.0, count: 14) + Array(repeating: 2000.0, count: 14)
        let weight = weights(intake: intake, maintenance: 2500)
        let v2 = CalorieAlgorithmV2.estimate(intake: intake, weight: weight)
        #expect(abs(v2.maintenance - 2500) < 10)
        let interval = v2.interval!
        #expect(interval.lowerBound <= 2500 && 2500 <= interval.upperBound)
        let v1 = CalorieAlgorithmV1.estimate(intake: intake, weight: weight)
        #expect(abs(v1.maintenance - 2500) > 100)
    }

    @Test("unlogged intake days are skipped: 20 days of 2400 at a steady weight → 2400, 20 points")
    func skipsUnlogged() {
        let intake: [Double?] = (0..<28).map { $0 % 7 < 5 ? 2400 : nil }
        let estimate = CalorieAlgorithmV2.estimate(intake: intake, weight: Array(repeating: 70, count: 28))
        #expect(estimate.intake == 2400)
        #expect(estimate.calories.points == 20)
        #expect(abs(estimate.maintenance - 2400) < 10)
    }

    @Test("noisy weights give an interval around the estimate; too little data gives the baseline")
    func intervalAndBaseline() throws {
        let noisy: [Double?] = (0..<28).map { 75 + ($0 % 2 == 0 ? 0.3 : -0.3) }
        let estimate = CalorieAlgorithmV2.estimate(intake: Array(repeating: 2200, count: 28), weight: noisy)
        let interval = try #require(estimate.interval)
        #expect(interval.upperBound - interval.lowerBound > 10)
        #expect(interval.contains(estimate.maintenance))
        let sparse = CalorieAlgorithmV2.estimate(intake: Array(repeating: 2200, count: 28), weight: [70, 70] + Array(repeating: nil, count: 26))
        #expect(sparse.maintenance == 2000 && sparse.confidence == 0 && !sparse.isValid)
    }

    @Test("the seed's clamp still holds: gaining 0.2 kg/day on 2500 kcal → +0.5 kg/week → 1950")
    func clamp() {
        let estimate = CalorieAlgorithmV2.estimate(intake: Array(repeating: 2500, count: 28), weight: (0..<28).map { 70 + 0.2 * Double($0) })
        #expect(abs(estimate.weeklyRate - 0.5) < 1e-9)
        #expect(abs(estimate.maintenance - 1950) < 1e-6)
    }
}
