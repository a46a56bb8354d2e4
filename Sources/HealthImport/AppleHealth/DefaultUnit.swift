import Foundation

/// The unit HealthKit writes for a quantity type, for the rare export (or hand-made file)
/// whose Record leaves `unit` out.
enum DefaultUnit {
    static func `for`(_ type: String) -> String {
        let name = type.replacingOccurrences(of: "HKQuantityTypeIdentifier", with: "")
        if let unit = known[name] { return unit }
        if name.hasPrefix("Dietary") { return "g" }
        if name.hasPrefix("Distance") { return "km" }
        if name.hasSuffix("EnergyBurned") { return "kcal" }
        return "count"
    }

    private static let known: [String: String] = [
        "HeartRate": "count/min", "RestingHeartRate": "count/min", "WalkingHeartRateAverage": "count/min",
        "HeartRateVariabilitySDNN": "ms", "RespiratoryRate": "count/min", "OxygenSaturation": "%",
        "BodyMass": "kg", "LeanBodyMass": "kg", "Height": "cm", "BodyMassIndex": "count", "BodyFatPercentage": "%",
        "BodyTemperature": "degC", "BloodPressureSystolic": "mmHg", "BloodPressureDiastolic": "mmHg",
        "BloodGlucose": "mg/dL", "DietaryEnergyConsumed": "kcal", "DietaryWater": "mL",
        "AppleExerciseTime": "min", "AppleStandTime": "min", "StepCount": "count", "FlightsClimbed": "count",
        "VO2Max": "mL/min·kg", "WalkingSpeed": "m/s", "EnvironmentalAudioExposure": "dBASPL", "HeadphoneAudioExposure": "dBASPL",
    ]
}
