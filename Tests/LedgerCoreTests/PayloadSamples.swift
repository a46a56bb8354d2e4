@testable import LedgerCore

/// One realistic payload of every kind, with optional fields filled so round-trips cover them.
enum PayloadSamples {
    static let target = EventID(hex: "00112233445566778899aabbccddeeff")!

    static let all: [any EventPayload] = [
        SampleRecorded(
            type: "HKQuantityTypeIdentifierHeartRate", value: 72, unit: "count/min",
            metadata: ["HKMetadataKeyHeartRateMotionContext": "1", "HKDevice": "Apple Watch"]),
        CategoryRecorded(type: "HKCategoryTypeIdentifierSleepAnalysis", value: "HKCategoryValueSleepAnalysisAsleepREM"),
        CorrelationRecorded(
            type: "HKCorrelationTypeIdentifierBloodPressure",
            samples: [
                CorrelatedSample(type: "HKQuantityTypeIdentifierBloodPressureSystolic", value: 121, unit: "mmHg"),
                CorrelatedSample(type: "HKQuantityTypeIdentifierBloodPressureDiastolic", value: 79.5, unit: "mmHg"),
            ],
            metadata: ["HKWasUserEntered": "1"]),
        WorkoutRecorded(
            activityType: "HKWorkoutActivityTypeRunning", duration: 1834.5,
            totalDistance: Quantity(value: 5.02, unit: "km"), totalEnergyBurned: Quantity(value: 402.25, unit: "kcal"),
            statistics: [
                WorkoutStatistic(type: "HKQuantityTypeIdentifierHeartRate", average: 151.2, minimum: 98, maximum: 178, unit: "count/min"),
                WorkoutStatistic(type: "HKQuantityTypeIdentifierActiveEnergyBurned", sum: 402.25, unit: "kcal"),
            ],
            events: [WorkoutEvent(type: "HKWorkoutEventTypePause", offset: 600), WorkoutEvent(type: "HKWorkoutEventTypeSegment", offset: 0, duration: 360.5)],
            route: [
                RoutePoint(latitude: 52.370216, longitude: 4.895168, altitude: -1.5, offset: 0),
                RoutePoint(latitude: 52.370301, longitude: 4.895412, altitude: -1.25, offset: 1.5),
            ],
            metadata: ["HKIndoorWorkout": "0"]),
        ActivitySummaryRecorded(
            date: "2024-02-29", activeEnergyBurned: 512.3, activeEnergyBurnedGoal: 600, exerciseMinutes: 34,
            exerciseMinutesGoal: 30, standHours: 11, standHoursGoal: 12),
        ProfileRecorded(dateOfBirth: "1961-07-04", biologicalSex: "HKBiologicalSexFemale", bloodType: "HKBloodTypeONegative"),
        HeartbeatSeriesRecorded(beats: [
            Heartbeat(offset: 0), Heartbeat(offset: 0.84), Heartbeat(offset: 2.61, precededByGap: true), Heartbeat(offset: 3.43),
        ]),
        ElectrocardiogramRecorded(
            classification: "Sinus Rhythm", averageHeartRate: 64, samplingFrequency: 512.6, voltages: [12.5, -3.25, 150.125, 0],
            lead: "Lead I"),
        MoodRated(rating: 7.5, note: "after a walk", tags: ["outdoors", "morning"]),
        FatigueRated(rating: 2, scaleMin: 0, scaleMax: 4, note: "slept badly"),
        SymptomReported(name: "Headache", severity: .moderate, note: "behind the eyes", session: "s-2026-03-01"),
        FoodLogged(
            name: "Oatmeal with berries", meal: .breakfast, kcal: 350, protein: 11.5, carbs: 58, fat: 7.2,
            nutrients: ["fiber": 8, "sugar": 14.5, "sodiumMg": 120], note: "half portion"),
        MedicationDefined(
            name: "Ibuprofen", startedOn: "2026-01-15", frequency: "2x daily", defaultDosage: Dosage(amount: 200, unit: .mg),
            notes: "with food"),
        DoseTaken(medication: "Ibuprofen", dosage: Dosage(amount: 1.5, unit: .tablets), note: "late"),
        ActivityDefined(name: "Socializing", description: "time with friends", tags: ["social"]),
        ActivityStarted(name: "Running", note: "easy pace", tags: ["outdoors"]),
        ActivityStopped(name: "Running", startedBy: target, note: "knee hurt"),
        FaceCaptured(
            features: FaceFeatures { Double(FaceFeature.allCases.firstIndex(of: $0)!) / 32 - 0.25 },
            indicators: FaceIndicators { [.alertnessScore: 75, .tensionScore: 20, .smileScore: 65, .facialSymmetry: 92][$0]! },
            metadata: FaceCaptureMetadata(imageWidth: 1080, imageHeight: 1920, faceConfidence: 0.98, landmarkCount: 468),
            landmarks: (0..<468).map { FacePoint(x: Double($0) / 468, y: 1 - Double($0) / 936, z: -Double($0 % 7) / 100) },
            blendshapes: ["eyeBlinkLeft": 0.05, "jawOpen": 0.08], imageBlob: "blob-7f3a"),
        VitalMeasured(samples: .ppg([0.51, 0.53, 0.5, 0.49]), timing: .rate(30), detail: "fingertip camera"),
        SettingChanged(key: "budget.firstWeekday", value: .string("monday")),
        EventCorrected(target: target, replacement: MoodRated(rating: 6), reason: "typo"),
        EventRetracted(target: target, reason: "logged twice"),
        SubjectErased(target: target, blob: "blob-7f3a"),
    ]
}
