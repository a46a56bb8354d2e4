/// One macronutrient today and over the week so far, against its daily target.
public struct MacroProgress: Equatable, Sendable {
    public let nutrient: MacroNutrient
    /// grams eaten on the budget's day.
    public let today: Double
    /// grams eaten from the week's first day through the budget's day.
    public let week: Double
    /// grams per day, when set.
    public let dailyTarget: Double?
    /// The days of the week so far, the budget's day included.
    public let days: Int

    /// The target for the week so far: daily target × days.
    public var weekTarget: Double? { dailyTarget.map { $0 * Double(days) } }
}

extension CalorieBudget {
    /// Protein, carbohydrate and fat, today and over the week so far; unlogged counts as 0 g.
    public var macros: [MacroProgress] {
        MacroNutrient.allCases.map { nutrient in
            func grams(_ inputs: DayInputs) -> Double {
                switch nutrient {
                case .protein: inputs.protein ?? 0
                case .carbs: inputs.carbs ?? 0
                case .fat: inputs.fat ?? 0
                }
            }
            return MacroProgress(
                nutrient: nutrient, today: grams(today), week: week.map { grams($0.inputs) }.reduce(0, +),
                dailyTarget: settings.targets[nutrient], days: week.count)
        }
    }
}
