/// A value of `HKCategoryTypeIdentifierSleepAnalysis`.
enum SleepStage: Hashable, CaseIterable {
    case inBed, asleepUnspecified, core, deep, rem, awake

    /// Whether the stage counts as sleep (the Total column and wake time).
    var isAsleep: Bool {
        switch self {
        case .asleepUnspecified, .core, .deep, .rem: true
        case .inBed, .awake: false
        }
    }

    /// The stage for Health's value text or its raw integer (HKCategoryValueSleepAnalysis).
    init?(categoryValue: String) {
        switch categoryValue {
        case "HKCategoryValueSleepAnalysisInBed", "0": self = .inBed
        // `Asleep` is the pre-iOS 16 name of `AsleepUnspecified`; both have raw value 1.
        case "HKCategoryValueSleepAnalysisAsleep", "HKCategoryValueSleepAnalysisAsleepUnspecified", "1":
            self = .asleepUnspecified
        case "HKCategoryValueSleepAnalysisAwake", "2": self = .awake
        case "HKCategoryValueSleepAnalysisAsleepCore", "3": self = .core
        case "HKCategoryValueSleepAnalysisAsleepDeep", "4": self = .deep
        case "HKCategoryValueSleepAnalysisAsleepREM", "5": self = .rem
        default: return nil
        }
    }
}
