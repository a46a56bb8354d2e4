import Foundation
import LedgerCore
public import Projections

/// The readable forms of a budget: a summary, and the full explanation.
extension CalorieBudget {
    public var summary: [String] {
        let eaten = today.energy ?? 0
        var lines = [
            "\(day)  budget \(kcal(budget)) kcal, eaten \(kcal(eaten)), left \(kcal(budget - eaten))",
            "  base \(kcal(base)) kcal (maintenance \(kcal(estimate.maintenance)) \(signedKcal(settings.dailyAdjustment)) adjustment), credit \(signedKcal(credit.credit)) over \(credit.daysRemaining) day\(credit.daysRemaining == 1 ? "" : "s")",
            "  maintenance: \(maintenanceLine)",
        ]
        lines.append("  weight trend: " + String(format: "%+.2f kg/week", estimate.weeklyRate) + (estimate.trendWeight.map { String(format: ", trend weight %.1f kg", $0) } ?? ""))
        for macro in macros { lines.append("  " + macroLine(macro)) }
        return lines
    }

    public var maintenanceLine: String {
        var text = "\(kcal(estimate.maintenance)) kcal (v\(algorithm), confidence \(String(format: "%.2f", estimate.confidence)), \(estimate.isValid ? "valid" : "not enough data: baseline 2000")"
        if let interval = estimate.interval { text += ", 95% interval \(kcal(interval.lowerBound))–\(kcal(interval.upperBound))" }
        return text + ")"
    }

    public func macroLine(_ macro: MacroProgress) -> String {
        let target = macro.dailyTarget.map { " / \(grams($0)) g" } ?? " g (no target)"
        let week = macro.weekTarget.map { "week \(grams(macro.week)) / \(grams($0)) g" } ?? "week \(grams(macro.week)) g"
        return "\(macro.nutrient.rawValue): today \(grams(macro.today))\(target), \(week)"
    }

    /// Each input and each step of the formula, with the numbers used.
    public var explanation: [String] {
        var lines = ["budget for \(day), algorithm v\(algorithm)", "window \(window.lowerBound) … \(window.upperBound) (\(windowInputs.count) days before today):"]
        for (offset, inputs) in windowInputs.enumerated() {
            let date = LocalDay(number: window.lowerBound.number + Int64(offset))
            lines.append("  \(date)  intake \(inputs.energy.map(kcal) ?? "-")  weight \(inputs.bodyMass.map { String(format: "%.2f", $0) } ?? "-")")
        }
        lines.append("weight: \(estimate.weight.points) points over \(estimate.weight.span) days → confidence min(1, \(estimate.weight.points)/7) × min(1, \(estimate.weight.span)/28) = \(String(format: "%.3f", estimate.weight.confidence)), \(estimate.weight.isValid ? "valid" : "not valid")")
        lines.append("intake: \(estimate.calories.points) points over \(estimate.calories.span) days → confidence min(1, \(estimate.calories.points)/14) × min(1, \(estimate.calories.span)/28) = \(String(format: "%.3f", estimate.calories.confidence)), \(estimate.calories.isValid ? "valid" : "not valid")")
        if algorithm == 1 {
            lines.append("S_t = EWMA(α 0.25) of intake, unlogged days filled with the average = \(number(estimate.intake)) kcal")
            lines.append("weight slope m = \(estimate.slope.map { String(format: "%.4f", $0) } ?? "none (fewer than 2 weights)") kg/day → clamp(m×7, −1.0, +0.5) = \(String(format: "%.3f", estimate.weeklyRate)) kg/week")
            lines.append("M_raw = S_t − rate × 7700 / 7 = \(number(estimate.intake)) − (\(String(format: "%.3f", estimate.weeklyRate))) × 1100 = \(number(estimate.raw)) kcal")
            lines.append("confidence = min(weight, intake) = \(String(format: "%.3f", estimate.confidence)) (0 unless both are valid)")
            lines.append("M = M_raw × \(String(format: "%.3f", estimate.confidence)) + 2000 × \(String(format: "%.3f", 1 - estimate.confidence)) = \(String(format: "%.1f", estimate.maintenance)) kcal")
        } else {
            lines.append("mean intake over the logged days = \(number(estimate.intake)) kcal")
            lines.append("Kalman filter, day by day: tissue += (intake − M) / 7700, water wanders and returns (persistence 0.8), the scale reads tissue + water" + (estimate.trendWeight.map { String(format: "; trend weight (tissue) on the last day %.2f kg", $0) } ?? ""))
            lines.append("filtered M implies a rate of (mean intake − M) × 7 / 7700, clamped to −1.0…+0.5 = \(String(format: "%.3f", estimate.weeklyRate)) kg/week")
            lines.append("M_raw = mean intake − rate × 7700 / 7 = \(number(estimate.intake)) − (\(String(format: "%.3f", estimate.weeklyRate))) × 1100 = \(number(estimate.raw)) kcal")
            lines.append("M = " + (estimate.isValid ? "M_raw (valid data are not blended toward 2000)" : "2000 (not enough data)") + " = \(String(format: "%.1f", estimate.maintenance)) kcal" + (estimate.interval.map { ", 95% interval \(kcal($0.lowerBound))–\(kcal($0.upperBound))" } ?? ""))
        }
        lines.append("B = M + adjustment = \(String(format: "%.1f", estimate.maintenance)) \(signedKcal(settings.dailyAdjustment)) = \(String(format: "%.1f", base)) kcal")
        lines.append("week starts \(week[0].day) (\(settings.firstWeekday)); days before today d = \(credit.daysElapsed), eaten Σ C_i = \(kcal(credit.eaten))" + (algorithm == 2 ? " (unlogged days counted at B)" : " (unlogged days count 0)"))
        lines.append("Credit = B × d − Σ C_i = \(String(format: "%.1f", base)) × \(credit.daysElapsed) − \(kcal(credit.eaten)) = \(String(format: "%.1f", credit.credit)) kcal")
        lines.append("B′ = B + Credit / D = \(String(format: "%.1f", base)) + \(String(format: "%.1f", credit.credit)) / \(credit.daysRemaining) = \(String(format: "%.1f", budget)) kcal")
        for macro in macros { lines.append(macroLine(macro)) }
        return lines
    }

    private func number(_ value: Double?) -> String { value.map { String(format: "%.1f", $0) } ?? "none" }

    private func signedKcal(_ value: Double) -> String { (value < 0 ? "− " : "+ ") + kcal(abs(value)) }
}

private func kcal(_ value: Double) -> String { CalorieBudget.kcalText(value) }

private func grams(_ value: Double) -> String { CalorieBudget.gramsText(value) }

extension CalorieBudget {
    /// Kilocalories as the budget prints them: whole numbers.
    public static func kcalText(_ value: Double) -> String { String(Int(value.rounded())) }

    /// Grams as the budget prints them: whole numbers.
    public static func gramsText(_ value: Double) -> String { String(format: "%.0f", value) }
}
