extension ShareHealthMetric {
    /// Quantity columns by name (without statistic or unit) → the identifier after
    /// `HKQuantityTypeIdentifier`. Both spellings of active energy appear: the CSV writes
    /// `Active Energy`, the face capture's health snapshot `Active Energy Burned`.
    static let quantities: [String: String] = [
        // Activity
        "Active Energy": "ActiveEnergyBurned", "Active Energy Burned": "ActiveEnergyBurned",
        "Resting Energy": "BasalEnergyBurned", "Step Count": "StepCount",
        "Walking + Running Distance": "DistanceWalkingRunning", "Cycling Distance": "DistanceCycling",
        "Swimming Distance": "DistanceSwimming", "Swimming Stroke Count": "SwimmingStrokeCount",
        "Wheelchair Distance": "DistanceWheelchair", "Push Count": "PushCount",
        "Downhill Snow Sports Distance": "DistanceDownhillSnowSports", "Flights Climbed": "FlightsClimbed",
        "Apple Exercise Time": "AppleExerciseTime", "Apple Move Time": "AppleMoveTime", "Apple Stand Time": "AppleStandTime",
        "Time in Daylight": "TimeInDaylight", "Physical Effort": "PhysicalEffort",
        // Heart
        "Heart Rate": "HeartRate", "Resting Heart Rate": "RestingHeartRate",
        "Walking Heart Rate Average": "WalkingHeartRateAverage", "Heart Rate Variability": "HeartRateVariabilitySDNN",
        "Cardio Recovery": "HeartRateRecoveryOneMinute", "VO2 Max": "VO2Max", "AFib Burden": "AtrialFibrillationBurden",
        // Vitals
        "Respiratory Rate": "RespiratoryRate", "Blood Oxygen Saturation": "OxygenSaturation",
        "Body Temperature": "BodyTemperature", "Basal Body Temperature": "BasalBodyTemperature",
        "Apple Sleeping Wrist Temperature": "AppleSleepingWristTemperature", "Blood Glucose": "BloodGlucose",
        "Peripheral Perfusion Index": "PeripheralPerfusionIndex", "Blood Alcohol Content": "BloodAlcoholContent",
        "Forced Vital Capacity": "ForcedVitalCapacity", "Forced Expiratory Volume 1": "ForcedExpiratoryVolume1",
        "Inhaler Usage": "InhalerUsage", "Insulin Delivery": "InsulinDelivery", "Number of Times Fallen": "NumberOfTimesFallen",
        "Environmental Audio Exposure": "EnvironmentalAudioExposure", "Headphone Audio Exposure": "HeadphoneAudioExposure",
        "UV Exposure": "UVExposure",
        // Body
        "Weight & Body Mass": "BodyMass", "Height": "Height", "Body Mass Index": "BodyMassIndex",
        "Body Fat Percentage": "BodyFatPercentage", "Lean Body Mass": "LeanBodyMass", "Waist Circumference": "WaistCircumference",
        // Nutrition
        "Dietary Energy": "DietaryEnergyConsumed", "Protein": "DietaryProtein", "Carbohydrates": "DietaryCarbohydrates",
        "Total Fat": "DietaryFatTotal", "Saturated Fat": "DietaryFatSaturated", "Monounsaturated Fat": "DietaryFatMonounsaturated",
        "Polyunsaturated Fat": "DietaryFatPolyunsaturated", "Cholesterol": "DietaryCholesterol", "Fiber": "DietaryFiber",
        "Dietary Sugar": "DietarySugar", "Sodium": "DietarySodium", "Potassium": "DietaryPotassium", "Calcium": "DietaryCalcium",
        "Iron": "DietaryIron", "Magnesium": "DietaryMagnesium", "Phosphorus": "DietaryPhosphorus", "Zinc": "DietaryZinc",
        "Copper": "DietaryCopper", "Manganese": "DietaryManganese", "Selenium": "DietarySelenium", "Chromium": "DietaryChromium",
        "Molybdenum": "DietaryMolybdenum", "Iodine": "DietaryIodine", "Chloride": "DietaryChloride",
        "Vitamin A": "DietaryVitaminA", "Vitamin B6": "DietaryVitaminB6", "Vitamin B12": "DietaryVitaminB12",
        "Vitamin C": "DietaryVitaminC", "Vitamin D": "DietaryVitaminD", "Vitamin E": "DietaryVitaminE",
        "Vitamin K": "DietaryVitaminK", "Thiamin": "DietaryThiamin", "Riboflavin": "DietaryRiboflavin", "Niacin": "DietaryNiacin",
        "Folate": "DietaryFolate", "Biotin": "DietaryBiotin", "Pantothenic Acid": "DietaryPantothenicAcid",
        "Caffeine": "DietaryCaffeine", "Water": "DietaryWater",
        // Mobility
        "Walking Speed": "WalkingSpeed", "Walking Step Length": "WalkingStepLength",
        "Walking Double Support Percentage": "WalkingDoubleSupportPercentage",
        "Walking Asymmetry Percentage": "WalkingAsymmetryPercentage", "Walking Steadiness": "AppleWalkingSteadiness",
        "Stair Speed: Up": "StairAscentSpeed", "Stair Speed: Down": "StairDescentSpeed",
        "Six-Minute Walking Test Distance": "SixMinuteWalkTestDistance", "Running Speed": "RunningSpeed",
        "Running Power": "RunningPower", "Running Stride Length": "RunningStrideLength",
        "Running Vertical Oscillation": "RunningVerticalOscillation", "Running Ground Contact Time": "RunningGroundContactTime",
        "Cycling Speed": "CyclingSpeed", "Cycling Power": "CyclingPower", "Cycling Cadence": "CyclingCadence",
        // Other
        "Water Temperature": "WaterTemperature",
    ]
}
