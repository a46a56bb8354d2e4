/// The calorie settings in force on one day, read from `setting.changed` events.
public struct CalorieSettings: Equatable, Sendable {
    public static let firstWeekdayKey = "calorie.firstWeekday"
    public static let dailyAdjustmentKey = "calorie.dailyAdjustment"
    public static let algorithmKey = "calorie.algorithm"
    public static let targetKeys: [String: MacroNutrient] = [
        "calorie.targets.protein": .protein, "calorie.targets.carbs": .carbs, "calorie.targets.fat": .fat,
    ]
    static var keys: Set<String> { Set([firstWeekdayKey, dailyAdjustmentKey, algorithmKey] + targetKeys.keys) }

    /// Monday unless set (ISO 8601's week).
    public var firstWeekday: Weekday = .monday
    /// kcal added to maintenance every day: negative to lose weight.
    public var dailyAdjustment: Double = 0
    /// 1: the seed's estimator; 2: the improved one, the default since `calorie-sim` showed
    /// it beats v1 on both bias and spread.
    public var algorithm: Int = CalorieSettings.defaultAlgorithm
    public static let defaultAlgorithm = 2
    /// grams per day.
    public var targets: [MacroNutrient: Double] = [:]

    public init() {}

    /// The settings after `changes` (in order), ignoring values that do not parse;
    /// `defaultAlgorithm` is the one the stored state was computed with.
    init(_ changes: [CalorieSettingChange], defaultAlgorithm: Int) {
        algorithm = defaultAlgorithm
        for change in changes {
            var defaults = CalorieSettings()
            defaults.algorithm = defaultAlgorithm
            switch change.key {
            case Self.firstWeekdayKey:
                firstWeekday = change.value.flatMap(Weekday.init(setting:)) ?? defaults.firstWeekday
            case Self.dailyAdjustmentKey:
                dailyAdjustment = change.value.flatMap(Double.init) ?? defaults.dailyAdjustment
            case Self.algorithmKey:
                let text = change.value?.lowercased()
                algorithm = text.flatMap { Int($0.hasPrefix("v") ? String($0.dropFirst()) : $0) }.flatMap { [1, 2].contains($0) ? $0 : nil }
                    ?? defaults.algorithm
            default:
                guard let nutrient = Self.targetKeys[change.key] else { continue }
                targets[nutrient] = change.value.flatMap(Double.init)
            }
        }
    }
}

/// A macronutrient with a daily target.
public enum MacroNutrient: String, Sendable, CaseIterable, Comparable {
    case protein, carbs, fat

    public static func < (lhs: MacroNutrient, rhs: MacroNutrient) -> Bool {
        // Cannot fail: every case is in allCases
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}
