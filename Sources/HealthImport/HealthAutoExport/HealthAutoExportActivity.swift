import Foundation

/// The HealthKit activity type of a workout as Health Auto Export names it: the name the
/// Health app shows (`Outdoor Run`, `Traditional Strength Training`), not the identifier.
enum HealthAutoExportActivity {
    static let prefix = "HKWorkoutActivityType"
    /// What a name the table does not know becomes; the name itself stays in the metadata.
    static let other = prefix + "Other"

    /// `HKWorkoutActivityType…` for `name`, or nil when no HealthKit activity type is called so.
    static func type(named name: String) -> String? {
        let trimmed = name.trimmingCharacters(in: .whitespaces)
        if let alias = aliases[trimmed.lowercased()] { return prefix + alias }
        // `Traditional Strength Training` → `TraditionalStrengthTraining`.
        let joined = trimmed.split(whereSeparator: { $0 == " " || $0 == "-" }).map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
        return known.contains(joined) ? prefix + joined : nil
    }

    /// Names the Health app gives a type under another word (where or how it was done).
    private static let aliases: [String: String] = [
        "outdoor run": "Running", "indoor run": "Running", "run": "Running", "treadmill": "Running",
        "outdoor walk": "Walking", "indoor walk": "Walking", "walk": "Walking",
        "outdoor cycle": "Cycling", "indoor cycle": "Cycling", "indoor cycling": "Cycling", "outdoor cycling": "Cycling",
        "pool swim": "Swimming", "open water swim": "Swimming", "swim": "Swimming",
        "hiit": "HighIntensityIntervalTraining", "stair stepper": "StairClimbing", "mind and body": "MindAndBody",
        "mixed metabolic cardio training": "MixedMetabolicCardioTraining", "multisport": "SwimBikeRun", "triathlon": "SwimBikeRun",
        "wheelchair walk pace": "WheelchairWalkPace", "wheelchair run pace": "WheelchairRunPace", "tai chi": "TaiChi",
    ]

    /// Every `HKWorkoutActivityType` case after the prefix.
    private static let known: Set<String> = [
        "AmericanFootball", "Archery", "AustralianFootball", "Badminton", "Barre", "Baseball", "Basketball", "Bowling", "Boxing",
        "CardioDance", "Climbing", "Cooldown", "CoreTraining", "Cricket", "CrossCountrySkiing", "CrossTraining", "Curling", "Cycling",
        "Dance", "DanceInspiredTraining", "DiscSports", "DownhillSkiing", "Elliptical", "EquestrianSports", "Fencing", "Fishing",
        "FitnessGaming", "Flexibility", "FunctionalStrengthTraining", "Golf", "Gymnastics", "HandCycling", "Handball",
        "HighIntensityIntervalTraining", "Hiking", "Hockey", "Hunting", "JumpRope", "Kickboxing", "Lacrosse", "MartialArts",
        "MindAndBody", "MixedCardio", "MixedMetabolicCardioTraining", "Other", "PaddleSports", "Pickleball", "Pilates", "Play",
        "PreparationAndRecovery", "Racquetball", "Rowing", "Rugby", "Running", "Sailing", "SkatingSports", "Snowboarding",
        "SnowSports", "Soccer", "SocialDance", "Softball", "Squash", "StairClimbing", "Stairs", "StepTraining", "SurfingSports",
        "SwimBikeRun", "Swimming", "TableTennis", "TaiChi", "Tennis", "TrackAndField", "TraditionalStrengthTraining", "Transition",
        "UnderwaterDiving", "Volleyball", "Walking", "WaterFitness", "WaterPolo", "WaterSports", "WheelchairRunPace",
        "WheelchairWalkPace", "Wrestling", "Yoga",
    ]
}
