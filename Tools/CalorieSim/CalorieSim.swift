import Foundation
import Projections

/// Compares the maintenance estimators against a simulated person's true expenditure:
/// for every day after the first 42, each estimates maintenance from its window of days
/// before it (28 for v1, 42 for v2), and the error is the estimate minus the true mean
/// expenditure over the last 28 days.
@main
enum CalorieSim {
    static func main() {
        let seeds = CommandLine.arguments.dropFirst().first.flatMap(Int.init) ?? 20
        var errors: [Int: [Double]] = [1: [], 2: []]
        // Interval coverage, on days within v2's window after an intake change and on the rest.
        var coverage: [Bool: (days: Int, covered: Int)] = [true: (0, 0), false: (0, 0)]
        for seed in 1...seeds {
            let days = SimulatedPerson.simulate(seed: UInt64(seed))
            let (short, long) = (CalorieAlgorithmV1.windowDays, CalorieAlgorithmV2.windowDays)
            for today in long..<days.count {
                let recent = days[(today - short)..<today], longer = days[(today - long)..<today]
                let truth = recent.map(\.trueExpenditure).reduce(0, +) / Double(short)
                let v1 = CalorieAlgorithmV1.estimate(intake: recent.map(\.loggedIntake), weight: recent.map(\.loggedWeight))
                let v2 = CalorieAlgorithmV2.estimate(intake: longer.map(\.loggedIntake), weight: longer.map(\.loggedWeight))
                errors[1]!.append(v1.maintenance - truth)
                errors[2]!.append(v2.maintenance - truth)
                if let interval = v2.interval, v2.isValid {
                    let afterChange = SimulatedPerson.phases.contains { $0.start > 0 && (0..<long).contains(today - $0.start) }
                    coverage[afterChange]!.days += 1
                    if interval.contains(truth) { coverage[afterChange]!.covered += 1 }
                }
            }
        }
        print("calorie-sim: \(seeds) people × \(SimulatedPerson.days) days, \(errors[1]!.count) estimates each")
        print("intake missing \(Int(SimulatedPerson.missedIntake * 100))% of days, weight \(Int(SimulatedPerson.missedWeight * 100))%; water weight AR(1) with a \(SimulatedPerson.dietWaterDrop) kg drop at each diet start")
        print("")
        print("windows: v1 \(CalorieAlgorithmV1.windowDays) days, v2 \(CalorieAlgorithmV2.windowDays) days; truth: mean true expenditure over the last 28 days")
        print("algorithm   bias (kcal/day)   SD (kcal/day)   RMSE (kcal/day)")
        for algorithm in [1, 2] {
            let values = errors[algorithm]!
            let bias = values.reduce(0, +) / Double(values.count)
            let sd = (values.map { ($0 - bias) * ($0 - bias) }.reduce(0, +) / Double(values.count - 1)).squareRoot()
            let rmse = (values.map { $0 * $0 }.reduce(0, +) / Double(values.count)).squareRoot()
            print("v\(algorithm)          " + [bias, sd, rmse].map { String(format: "%+16.1f", $0) }.joined(separator: "  "))
        }
        print("")
        let all = (days: coverage[true]!.days + coverage[false]!.days, covered: coverage[true]!.covered + coverage[false]!.covered)
        for (label, counts) in [("all", all), ("within 42 days after an intake change", coverage[true]!), ("other", coverage[false]!)] {
            print(String(format: "v2's 95%% interval held the truth on %.1f%% of %d valid days (%@)", 100 * Double(counts.covered) / Double(max(1, counts.days)), counts.days, label))
        }
    }
}
