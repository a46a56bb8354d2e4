/// What a Health Auto Export metric name (`step_count`) becomes in the ledger.
enum HealthAutoExportMetric: Equatable {
    /// Points of `HKQuantityTypeIdentifier…`, one `qty` each.
    case quantity(String)
    /// Heart rate: `Min`, `Avg` and `Max` of each bucket (or a plain `qty`).
    case heartRate
    /// `systolic` and `diastolic` of each reading.
    case bloodPressure
    /// Sleep analysis, a night's totals (`asleep`, `core`…) or one stage per point.
    case sleep
    /// Sexual activity: how many times in the bucket, with protection not said, used or not used.
    case sexualActivity

    static let heartRateType = "HKQuantityTypeIdentifierHeartRate"
    static let systolicType = "HKQuantityTypeIdentifierBloodPressureSystolic"
    static let diastolicType = "HKQuantityTypeIdentifierBloodPressureDiastolic"

    /// The metric a name maps to, or nil for a name not in the table: kept whole and reported.
    init?(name: String) {
        switch name {
        case "heart_rate": self = .heartRate
        case "blood_pressure": self = .bloodPressure
        case "sleep_analysis": self = .sleep
        case "sexual_activity": self = .sexualActivity
        default:
            guard let identifier = Self.quantities[name] else { return nil }
            self = .quantity("HKQuantityTypeIdentifier" + identifier)
        }
    }

    /// Metric names as the app writes them → the identifier after `HKQuantityTypeIdentifier`.
    /// docs/guide/continuous-import.md lists the same table for people.
    static let quantities: [String: String] = [
        // Activity
        "active_energy": "ActiveEnergyBurned", "basal_energy_burned": "BasalEnergyBurned", "resting_energy": "BasalEnergyBurned",
        "step_count": "StepCount", "walking_running_distance": "DistanceWalkingRunning", "cycling_distance": "DistanceCycling",
        "swimming_distance": "DistanceSwimming", "swimming_stroke_count": "SwimmingStrokeCount", "flights_climbed": "FlightsClimbed",
        "apple_exercise_time": "AppleExerciseTime", "apple_move_time": "AppleMoveTime", "apple_stand_time": "AppleStandTime",
        "time_in_daylight": "TimeInDaylight", "physical_effort": "PhysicalEffort",
        // Heart
        "resting_heart_rate": "RestingHeartRate", "walking_heart_rate_average": "WalkingHeartRateAverage",
        "heart_rate_variability": "HeartRateVariabilitySDNN", "cardio_recovery": "HeartRateRecoveryOneMinute", "vo2_max": "VO2Max",
        // Vitals
        "respiratory_rate": "RespiratoryRate", "blood_oxygen_saturation": "OxygenSaturation", "body_temperature": "BodyTemperature",
        "basal_body_temperature": "BasalBodyTemperature", "apple_sleeping_wrist_temperature": "AppleSleepingWristTemperature",
        "blood_glucose": "BloodGlucose", "number_of_times_fallen": "NumberOfTimesFallen",
        "environmental_audio_exposure": "EnvironmentalAudioExposure", "headphone_audio_exposure": "HeadphoneAudioExposure",
        // Body
        "weight_body_mass": "BodyMass", "height": "Height", "body_mass_index": "BodyMassIndex",
        "body_fat_percentage": "BodyFatPercentage", "lean_body_mass": "LeanBodyMass", "waist_circumference": "WaistCircumference",
        // Nutrition
        "dietary_energy": "DietaryEnergyConsumed", "protein": "DietaryProtein", "carbohydrates": "DietaryCarbohydrates",
        "total_fat": "DietaryFatTotal", "fiber": "DietaryFiber", "dietary_sugar": "DietarySugar", "sodium": "DietarySodium",
        "dietary_caffeine": "DietaryCaffeine", "dietary_water": "DietaryWater",
        // Mobility
        "walking_speed": "WalkingSpeed", "walking_step_length": "WalkingStepLength",
        "walking_asymmetry_percentage": "WalkingAsymmetryPercentage",
        "walking_double_support_percentage": "WalkingDoubleSupportPercentage",
        "stair_speed_up": "StairAscentSpeed", "stair_speed_down": "StairDescentSpeed",
        "six_minute_walking_test_distance": "SixMinuteWalkTestDistance",
        "running_speed": "RunningSpeed", "running_power": "RunningPower",
    ]

    /// Sleep stages as a per-stage point names them → `HKCategoryValueSleepAnalysis…`.
    static let sleepStages: [String: String] = [
        "In Bed": "InBed", "InBed": "InBed", "Asleep": "AsleepUnspecified", "Core": "AsleepCore", "Deep": "AsleepDeep",
        "REM": "AsleepREM", "Awake": "Awake",
    ]

    /// A night's totals (hours) → the daily-metrics column each states.
    static let sleepTotals: [(field: String, column: String)] = [
        ("asleep", "Sleep Analysis [Asleep] (hr)"), ("inBed", "Sleep Analysis [In Bed] (hr)"), ("core", "Sleep Analysis [Core] (hr)"),
        ("deep", "Sleep Analysis [Deep] (hr)"), ("rem", "Sleep Analysis [REM] (hr)"), ("awake", "Sleep Analysis [Awake] (hr)"),
    ]
}
