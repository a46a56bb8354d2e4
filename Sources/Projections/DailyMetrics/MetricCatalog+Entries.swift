extension MetricCatalog {
    /// Every column in its published order. Append new columns at the end of their group
    /// only in a new algorithm version: the order is part of the CSV format.
    static let entries: [CatalogEntry] = activity + heart + sleep + vitals + body + nutrition + mobility + other + ledger

    static let activity: [CatalogEntry] = [
        .sum("active_energy", "Active Energy (kcal)", "ActiveEnergyBurned"),
        .sum("resting_energy", "Resting Energy (kcal)", "BasalEnergyBurned"),
        .sum("step_count", "Step Count (count)", "StepCount"),
        .sum("walking_running_distance", "Walking + Running Distance (km)", "DistanceWalkingRunning"),
        .sum("cycling_distance", "Cycling Distance (km)", "DistanceCycling"),
        .sum("swimming_distance", "Swimming Distance (m)", "DistanceSwimming"),
        .sum("swimming_stroke_count", "Swimming Stroke Count (count)", "SwimmingStrokeCount"),
        .sum("wheelchair_distance", "Wheelchair Distance (km)", "DistanceWheelchair"),
        .sum("push_count", "Push Count (count)", "PushCount"),
        .sum("downhill_snow_sports_distance", "Downhill Snow Sports Distance (km)", "DistanceDownhillSnowSports"),
        .sum("flights_climbed", "Flights Climbed (count)", "FlightsClimbed"),
        .sum("exercise_time", "Apple Exercise Time (min)", "AppleExerciseTime"),
        .sum("move_time", "Apple Move Time (min)", "AppleMoveTime"),
        .sum("stand_time", "Apple Stand Time (min)", "AppleStandTime"),
        CatalogEntry("stand_hours", "Apple Stand Hour (count)", .category("AppleStandHour"), .count),
        .sum("time_in_daylight", "Time in Daylight (min)", "TimeInDaylight"),
        .average("physical_effort", "Physical Effort (kcal/hr·kg)", "PhysicalEffort"),
        CatalogEntry("workouts", "Workouts (count)", .workoutCount, .count),
        CatalogEntry("workout_time", "Workout Time (min)", .workoutTime, .sum),
        CatalogEntry("ring_move", "Activity Ring: Move (kcal)", .ring(.move), .latest),
        CatalogEntry("ring_move_goal", "Activity Ring: Move Goal (kcal)", .ring(.moveGoal), .latest),
        CatalogEntry("ring_move_time", "Activity Ring: Move Time (min)", .ring(.moveTime), .latest),
        CatalogEntry("ring_move_time_goal", "Activity Ring: Move Time Goal (min)", .ring(.moveTimeGoal), .latest),
        CatalogEntry("ring_exercise", "Activity Ring: Exercise (min)", .ring(.exercise), .latest),
        CatalogEntry("ring_exercise_goal", "Activity Ring: Exercise Goal (min)", .ring(.exerciseGoal), .latest),
        CatalogEntry("ring_stand", "Activity Ring: Stand (hr)", .ring(.stand), .latest),
        CatalogEntry("ring_stand_goal", "Activity Ring: Stand Goal (hr)", .ring(.standGoal), .latest),
    ]

    static let heart: [CatalogEntry] = CatalogEntry.range("heart_rate", "Heart Rate", "count/min", "HeartRate") + [
        .average("resting_heart_rate", "Resting Heart Rate (count/min)", "RestingHeartRate"),
        .average("walking_heart_rate", "Walking Heart Rate Average (count/min)", "WalkingHeartRateAverage"),
        .average("heart_rate_variability", "Heart Rate Variability (ms)", "HeartRateVariabilitySDNN"),
        .average("cardio_recovery", "Cardio Recovery (count/min)", "HeartRateRecoveryOneMinute"),
        .average("vo2_max", "VO2 Max (ml/(kg*min))", "VO2Max"),
        .average("afib_burden", "AFib Burden (%)", "AtrialFibrillationBurden"),
        CatalogEntry("high_heart_rate_events", "High Heart Rate Notifications (count)", .category("HighHeartRateEvent"), .count),
        CatalogEntry("low_heart_rate_events", "Low Heart Rate Notifications (count)", .category("LowHeartRateEvent"), .count),
        CatalogEntry("irregular_rhythm_events", "Irregular Rhythm Notifications (count)", .category("IrregularHeartRhythmEvent"), .count),
    ]

    static let asleep: [MetricInput] = [.sleep(.asleepUnspecified), .sleep(.core), .sleep(.deep), .sleep(.rem)]

    static let sleep: [CatalogEntry] = [
        CatalogEntry("sleep_total", "Sleep Analysis [Total] (hr)", asleep, .sum),
        CatalogEntry("sleep_asleep", "Sleep Analysis [Asleep] (hr)", .sleep(.asleepUnspecified), .sum),
        CatalogEntry("sleep_in_bed", "Sleep Analysis [In Bed] (hr)", .sleep(.inBed), .sum),
        CatalogEntry("sleep_core", "Sleep Analysis [Core] (hr)", .sleep(.core), .sum),
        CatalogEntry("sleep_deep", "Sleep Analysis [Deep] (hr)", .sleep(.deep), .sum),
        CatalogEntry("sleep_rem", "Sleep Analysis [REM] (hr)", .sleep(.rem), .sum),
        CatalogEntry("sleep_awake", "Sleep Analysis [Awake] (hr)", .sleep(.awake), .sum),
        CatalogEntry("bedtime", "Bedtime", SleepStage.allCases.map(MetricInput.sleep), .earliestStartClock),
        CatalogEntry("wake_time", "Wake Time", asleep, .latestEndClock),
        CatalogEntry("naps", "Sleep Analysis [Naps] (count)", asleep, .napCount),
        CatalogEntry("nap_time", "Sleep Analysis [Nap Time] (hr)", asleep, .napTime),
    ]

    static let vitals: [CatalogEntry] = [
        .average("respiratory_rate", "Respiratory Rate (count/min)", "RespiratoryRate"),
        .average("oxygen_saturation", "Blood Oxygen Saturation (%)", "OxygenSaturation"),
        .average("blood_pressure_systolic", "Blood Pressure [Systolic] (mmHg)", "BloodPressureSystolic"),
        .average("blood_pressure_diastolic", "Blood Pressure [Diastolic] (mmHg)", "BloodPressureDiastolic"),
        .average("body_temperature", "Body Temperature (degC)", "BodyTemperature"),
        .average("basal_body_temperature", "Basal Body Temperature (degC)", "BasalBodyTemperature"),
        .average("sleeping_wrist_temperature", "Apple Sleeping Wrist Temperature (degC)", "AppleSleepingWristTemperature"),
    ] + CatalogEntry.range("blood_glucose", "Blood Glucose", "mg/dL", "BloodGlucose") + [
        .average("perfusion_index", "Peripheral Perfusion Index (%)", "PeripheralPerfusionIndex"),
        .average("blood_alcohol", "Blood Alcohol Content (%)", "BloodAlcoholContent"),
        .average("forced_vital_capacity", "Forced Vital Capacity (L)", "ForcedVitalCapacity"),
        .average("forced_expiratory_volume", "Forced Expiratory Volume 1 (L)", "ForcedExpiratoryVolume1"),
        .sum("inhaler_usage", "Inhaler Usage (count)", "InhalerUsage"),
        .sum("insulin_delivery", "Insulin Delivery (IU)", "InsulinDelivery"),
        .sum("times_fallen", "Number of Times Fallen (count)", "NumberOfTimesFallen"),
        .average("environmental_audio", "Environmental Audio Exposure (dBASPL)", "EnvironmentalAudioExposure"),
        .average("headphone_audio", "Headphone Audio Exposure (dBASPL)", "HeadphoneAudioExposure"),
        .average("uv_exposure", "UV Exposure (count)", "UVExposure"),
    ]

    static let body: [CatalogEntry] = [
        .average("body_mass", "Weight & Body Mass (kg)", "BodyMass"),
        .average("height", "Height (cm)", "Height"),
        .average("body_mass_index", "Body Mass Index (count)", "BodyMassIndex"),
        .average("body_fat", "Body Fat Percentage (%)", "BodyFatPercentage"),
        .average("lean_body_mass", "Lean Body Mass (kg)", "LeanBodyMass"),
        .average("waist_circumference", "Waist Circumference (cm)", "WaistCircumference"),
    ]

    static let nutrition: [CatalogEntry] = [
        .sum("dietary_energy", "Dietary Energy (kcal)", "DietaryEnergyConsumed"),
        .sum("protein", "Protein (g)", "DietaryProtein"),
        .sum("carbohydrates", "Carbohydrates (g)", "DietaryCarbohydrates"),
        .sum("total_fat", "Total Fat (g)", "DietaryFatTotal"),
        .sum("saturated_fat", "Saturated Fat (g)", "DietaryFatSaturated"),
        .sum("monounsaturated_fat", "Monounsaturated Fat (g)", "DietaryFatMonounsaturated"),
        .sum("polyunsaturated_fat", "Polyunsaturated Fat (g)", "DietaryFatPolyunsaturated"),
        .sum("cholesterol", "Cholesterol (mg)", "DietaryCholesterol"),
        .sum("fiber", "Fiber (g)", "DietaryFiber"),
        .sum("sugar", "Dietary Sugar (g)", "DietarySugar"),
        .sum("sodium", "Sodium (mg)", "DietarySodium"),
        .sum("potassium", "Potassium (mg)", "DietaryPotassium"),
        .sum("calcium", "Calcium (mg)", "DietaryCalcium"),
        .sum("iron", "Iron (mg)", "DietaryIron"),
        .sum("magnesium", "Magnesium (mg)", "DietaryMagnesium"),
        .sum("phosphorus", "Phosphorus (mg)", "DietaryPhosphorus"),
        .sum("zinc", "Zinc (mg)", "DietaryZinc"),
        .sum("copper", "Copper (mg)", "DietaryCopper"),
        .sum("manganese", "Manganese (mg)", "DietaryManganese"),
        .sum("selenium", "Selenium (mcg)", "DietarySelenium"),
        .sum("chromium", "Chromium (mcg)", "DietaryChromium"),
        .sum("molybdenum", "Molybdenum (mcg)", "DietaryMolybdenum"),
        .sum("iodine", "Iodine (mcg)", "DietaryIodine"),
        .sum("chloride", "Chloride (mg)", "DietaryChloride"),
        .sum("vitamin_a", "Vitamin A (mcg)", "DietaryVitaminA"),
        .sum("vitamin_b6", "Vitamin B6 (mg)", "DietaryVitaminB6"),
        .sum("vitamin_b12", "Vitamin B12 (mcg)", "DietaryVitaminB12"),
        .sum("vitamin_c", "Vitamin C (mg)", "DietaryVitaminC"),
        .sum("vitamin_d", "Vitamin D (mcg)", "DietaryVitaminD"),
        .sum("vitamin_e", "Vitamin E (mg)", "DietaryVitaminE"),
        .sum("vitamin_k", "Vitamin K (mcg)", "DietaryVitaminK"),
        .sum("thiamin", "Thiamin (mg)", "DietaryThiamin"),
        .sum("riboflavin", "Riboflavin (mg)", "DietaryRiboflavin"),
        .sum("niacin", "Niacin (mg)", "DietaryNiacin"),
        .sum("folate", "Folate (mcg)", "DietaryFolate"),
        .sum("biotin", "Biotin (mcg)", "DietaryBiotin"),
        .sum("pantothenic_acid", "Pantothenic Acid (mg)", "DietaryPantothenicAcid"),
        .sum("caffeine", "Caffeine (mg)", "DietaryCaffeine"),
        .sum("water", "Water (mL)", "DietaryWater"),
    ]

    static let mobility: [CatalogEntry] = [
        .average("walking_speed", "Walking Speed (km/hr)", "WalkingSpeed"),
        .average("walking_step_length", "Walking Step Length (cm)", "WalkingStepLength"),
        .average("walking_double_support", "Walking Double Support Percentage (%)", "WalkingDoubleSupportPercentage"),
        .average("walking_asymmetry", "Walking Asymmetry Percentage (%)", "WalkingAsymmetryPercentage"),
        .average("walking_steadiness", "Walking Steadiness (%)", "AppleWalkingSteadiness"),
        .average("stair_speed_up", "Stair Speed: Up (m/s)", "StairAscentSpeed"),
        .average("stair_speed_down", "Stair Speed: Down (m/s)", "StairDescentSpeed"),
        .average("six_minute_walk", "Six-Minute Walking Test Distance (m)", "SixMinuteWalkTestDistance"),
        .average("running_speed", "Running Speed (km/hr)", "RunningSpeed"),
        .average("running_power", "Running Power (W)", "RunningPower"),
        .average("running_stride_length", "Running Stride Length (m)", "RunningStrideLength"),
        .average("running_vertical_oscillation", "Running Vertical Oscillation (cm)", "RunningVerticalOscillation"),
        .average("running_ground_contact", "Running Ground Contact Time (ms)", "RunningGroundContactTime"),
        .average("cycling_speed", "Cycling Speed (km/hr)", "CyclingSpeed"),
        .average("cycling_power", "Cycling Power (W)", "CyclingPower"),
        .average("cycling_cadence", "Cycling Cadence (count/min)", "CyclingCadence"),
    ]

    static let other: [CatalogEntry] = [
        CatalogEntry("mindful_minutes", "Mindful Minutes (min)", .category("MindfulSession"), .sum),
        CatalogEntry("handwashing", "Handwashing (count)", .category("HandwashingEvent"), .count),
        CatalogEntry("toothbrushing", "Toothbrushing (count)", .category("ToothbrushingEvent"), .count),
        .average("water_temperature", "Water Temperature (degC)", "WaterTemperature"),
    ]

    static let ledger: [CatalogEntry] = [
        CatalogEntry("mood_avg", "Mood [Avg] (1-10)", .mood, .average),
        CatalogEntry("mood_min", "Mood [Min] (1-10)", .mood, .minimum),
        CatalogEntry("mood_max", "Mood [Max] (1-10)", .mood, .maximum),
        CatalogEntry("mood_ratings", "Mood Ratings (count)", .mood, .count),
        CatalogEntry("fatigue_avg", "Fatigue [Avg] (1-10)", .fatigue, .average),
        CatalogEntry("fatigue_ratings", "Fatigue Ratings (count)", .fatigue, .count),
        CatalogEntry("doses_taken", "Doses Taken (count)", .dose, .count),
        CatalogEntry("symptoms_reported", "Symptoms Reported (count)", .symptom, .count),
        CatalogEntry("symptom_severity_max", "Symptom Severity [Max] (0-3)", .symptom, .maximum),
        CatalogEntry("symptom_severity_avg", "Symptom Severity [Avg] (0-3)", .symptom, .average),
    ]
}
