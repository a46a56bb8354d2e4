/// What a ShareHealth column holds, and so which event its cells become.
enum ShareHealthMetric: Equatable {
    /// A day's value of `HKQuantityTypeIdentifier…`: a total, or with `[Min]`/`[Avg]`/`[Max]`
    /// one statistic of the day's samples.
    case quantity(String)
    /// Time spent in a category (Mindful Minutes): `HKCategoryTypeIdentifier…` and the value
    /// its samples carry.
    case categoryDuration(type: String, value: String)
    /// Hours in one sleep stage, or `total` asleep.
    case sleep(SleepColumn)
    /// Decimal clock hours: the earliest start of the night's sleep, or its latest asleep end.
    case bedtime
    case wakeTime
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
            "Bedtime": .bedtime,
            "Wake Time": .wakeTime,
            "Blood Pressure [Systolic]": .quantity("HKQuantityTypeIdentifierBloodPressureSystolic"),
            "Blood Pressure [Diastolic]": .quantity("HKQuantityTypeIdentifierBloodPressureDiastolic"),
            "Mindful Minutes": .categoryDuration(type: "HKCategoryTypeIdentifierMindfulSession", value: "HKCategoryValueNotApplicable"),
        ]
        for ring in ActivityRing.allCases { table[ring.label] = .ring(ring) }
        let counted = "a daily count of category samples has no times to store"
        for label in [
            "Apple Stand Hour", "High Heart Rate Notifications", "Low Heart Rate Notifications",
            "Irregular Rhythm Notifications", "Handwashing", "Toothbrushing",
        ] {
            table[label] = .notStorable(counted)
        }
        table["Workouts"] = .notStorable("workouts need their own times and activity types, which a daily total lacks")
        table["Workout Time"] = table["Workouts"]
        return table
    }()
}

/// A `Sleep Analysis [...]` column.
enum SleepColumn: Equatable {
    /// A stage, by its `HKCategoryValueSleepAnalysis…` value.
    case stage(String)
    /// All asleep stages together.
    case total

    init?(qualifier: String) {
        switch qualifier {
        case "Total": self = .total
        case "Asleep": self = .stage("HKCategoryValueSleepAnalysisAsleepUnspecified")
        case "In Bed": self = .stage("HKCategoryValueSleepAnalysisInBed")
        case "Core": self = .stage("HKCategoryValueSleepAnalysisAsleepCore")
        case "Deep": self = .stage("HKCategoryValueSleepAnalysisAsleepDeep")
        case "REM": self = .stage("HKCategoryValueSleepAnalysisAsleepREM")
        case "Awake": self = .stage("HKCategoryValueSleepAnalysisAwake")
        default: return nil
        }
    }
}
