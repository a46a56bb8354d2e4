import LedgerCore
import Projections

/// The budget as one JSON object for scripts.
extension CalorieBudget {
    var document: Document {
        var maintenance: Document = [
            "kcal": .double(estimate.maintenance), "confidence": .double(estimate.confidence), "valid": .bool(estimate.isValid),
            "weeklyRateKg": .double(estimate.weeklyRate),
        ]
        maintenance.set("raw", estimate.raw.map(DocValue.double))
        maintenance.set("interval", estimate.interval.map { .array([.double($0.lowerBound), .double($0.upperBound)]) })
        maintenance.set("trendWeightKg", estimate.trendWeight.map(DocValue.double))
        var macroFields = Document()
        for macro in macros {
            var fields: Document = ["today": .double(macro.today), "week": .double(macro.week)]
            fields.set("dailyTarget", macro.dailyTarget.map(DocValue.double))
            fields.set("weekTarget", macro.weekTarget.map(DocValue.double))
            macroFields[macro.nutrient.rawValue] = .map(fields)
        }
        return [
            "date": .string(day.description), "algorithm": .int(Int64(algorithm)), "budget": .double(budget), "base": .double(base),
            "credit": .double(credit.credit), "daysElapsed": .int(Int64(credit.daysElapsed)), "daysRemaining": .int(Int64(credit.daysRemaining)),
            "eatenToday": .double(today.energy ?? 0), "firstWeekday": .string("\(settings.firstWeekday)"),
            "dailyAdjustment": .double(settings.dailyAdjustment), "maintenance": .map(maintenance), "macros": .map(macroFields),
        ]
    }
}
