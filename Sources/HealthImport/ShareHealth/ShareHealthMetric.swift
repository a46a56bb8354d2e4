/// What a ShareHealth column holds, and so which event its cells become.
enum ShareHealthMetric: Equatable {
    /// A day's value of `HKQuantityTypeIdentifier…`: a total, or with `[Min]`/`[Avg]`/`[Max]`
    /// one statistic of the day's samples.
    case quantity(String)
    /// A day's total of a category's samples, `HKCategoryTypeIdentifier…`: time spent
    /// (Mindful Minutes) or how many (notifications, handwashing, stand hours).
    case category(String)
    /// A sleep column: hours in a stage or asleep in total, naps, or a clock time.
    case sleep(SleepColumn)
    /// One field of the day's activity rings.
    case ring(ActivityRing)
    /// A column the ledger cannot hold as events, with why (the reason the summary shows).
    case notStorable(String)

    /// The metric of a column, or nil for a column ShareHealth does not write.
    init?(_ header: ShareHealthHeader) {
        if let metric = Self.byLabel[header.label] {
            self = metric
        } else if header.name == "Sleep Analysis", let stage = header.qualifier.flatMap(SleepColumn.init(qualifier:)) {
            self = .sleep(stage)
        } else if let identifier = Self.quantities[header.name], header.qualifier.map(Self.statistics.contains) ?? true {
            self = .quantity("HKQuantityTypeIdentifier" + identifier)
        } else {
            return nil
        }
    }

    /// The statistics a bracket may name on a quantity column.
    static let statistics: Set<String> = ["Min", "Avg", "Max", "Total", "Sum"]

    /// Columns known by their whole label (name with qualifier, no unit).
    private static let byLabel: [String: ShareHealthMetric] = {
        var table: [String: ShareHealthMetric] = [
            "Bedtime": .sleep(.clock),
            "Wake Time": .sleep(.clock),
            "Blood Pressure [Systolic]": .quantity("HKQuantityTypeIdentifierBloodPressureSystolic"),
            "Blood Pressure [Diastolic]": .quantity("HKQuantityTypeIdentifierBloodPressureDiastolic"),
            "Mindful Minutes": .category("HKCategoryTypeIdentifierMindfulSession"),
            "Apple Stand Hour": .category("HKCategoryTypeIdentifierAppleStandHour"),
            "High Heart Rate Notifications": .category("HKCategoryTypeIdentifierHighHeartRateEvent"),
            "Low Heart Rate Notifications": .category("HKCategoryTypeIdentifierLowHeartRateEvent"),
            "Irregular Rhythm Notifications": .category("HKCategoryTypeIdentifierIrregularHeartRhythmEvent"),
            "Handwashing": .category("HKCategoryTypeIdentifierHandwashingEvent"),
            "Toothbrushing": .category("HKCategoryTypeIdentifierToothbrushingEvent"),
        ]
        for ring in ActivityRing.allCases { table[ring.label] = .ring(ring) }
        table["Workouts"] = .notStorable("workouts need their own times and activity types, which a daily total lacks")
        table["Workout Time"] = table["Workouts"]
        return table
    }()
}

/// A sleep column: `Sleep Analysis [...]`, `Bedtime` or `Wake Time`.
enum SleepColumn: Equatable {
    /// Hours in a stage, by its `HKCategoryValueSleepAnalysis…` value.
    case stage(String)
    /// Hours asleep in all stages, or in naps; the number of naps.
    case total, naps, napTime
    /// Bedtime or Wake Time, decimal clock hours.
    case clock

    init?(qualifier: String) {
        switch qualifier {
        case "Total": self = .total
        case "Naps": self = .naps
        case "Nap Time": self = .napTime
        case "Asleep": self = .stage("HKCategoryValueSleepAnalysisAsleepUnspecified")
        case "In Bed": self = .stage("HKCategoryValueSleepAnalysisInBed")
        case "Core": self = .stage("HKCategoryValueSleepAnalysisAsleepCore")
        case "Deep": self = .stage("HKCategoryValueSleepAnalysisAsleepDeep")
        case "REM": self = .stage("HKCategoryValueSleepAnalysisAsleepREM")
        case "Awake": self = .stage("HKCategoryValueSleepAnalysisAwake")
        default: return nil
        }
    }

    /// The category value its event carries: the stage, or `NotApplicable` for a column
    /// that is no stage.
    var categoryValue: String {
        if case .stage(let value) = self { return value }
        return "HKCategoryValueNotApplicable"
    }
}
