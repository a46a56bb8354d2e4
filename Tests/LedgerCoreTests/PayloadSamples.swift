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
            events: [WorkoutEvent(type: "HKWorkoutEventTypePause", offset: 600), WorkoutEvent(type: "HKWorkoutEventTypeSegment", offset: 0, duration: 360.5, metadata: ["HKMetadataKeyWorkoutSegmentIndex": "1"])],
            route: [
                RoutePoint(latitude: 52.370216, longitude: 4.895168, altitude: -1.5, offset: 0),
                RoutePoint(
                    latitude: 52.370301, longitude: 4.895412, altitude: -1.25, offset: 1.5, speed: 2.75, course: 359.5,
                    horizontalAccuracy: 4.25, verticalAccuracy: 3),
                RoutePoint(latitude: 52.370388, longitude: 4.895633, offset: 3),
            ],
            activities: [
                WorkoutActivity(
                    uuid: "6F1C0E2A-3B4D-4E5F-8A9B-0C1D2E3F4A5B", offset: 0, duration: 900,
                    events: [WorkoutEvent(type: "HKWorkoutEventTypeLap", offset: 450, duration: 450)],
                    statistics: [WorkoutStatistic(type: "HKQuantityTypeIdentifierDistanceWalkingRunning", sum: 2.5, unit: "km")],
                    metadata: ["HKIndoorWorkout": "0"]),
                WorkoutActivity(uuid: "0A1B2C3D-4E5F-4A6B-8C7D-9E0F1A2B3C4D", offset: 900.5),
            ],
            metadata: ["HKIndoorWorkout": "0"]),
        ActivitySummaryRecorded(
            date: "2024-02-29", activeEnergyBurned: 512.3, activeEnergyBurnedGoal: 600, exerciseMinutes: 34,
            exerciseMinutesGoal: 30, standHours: 11, standHoursGoal: 12),
        ProfileRecorded(dateOfBirth: "1961-07-04", biologicalSex: "HKBiologicalSexFemale", bloodType: "HKBloodTypeONegative"),
        HeartbeatSeriesRecorded(beats: [
            Heartbeat(offset: 0), Heartbeat(offset: 0.84), Heartbeat(offset: 2.61, precededByGap: true), Heartbeat(offset: 3.43),
        ]),
        HeartbeatSeriesRecorded(beats: [
            Heartbeat(offset: 0.5, bpm: 62), Heartbeat(offset: 1.43, bpm: 64.5, precededByGap: true), Heartbeat(offset: 2.36, bpm: 65),
        ]),
        ElectrocardiogramRecorded(
            classification: "Sinus Rhythm", averageHeartRate: 64, samplingFrequency: 512.6, voltages: [12.5, -3.25, 150.125, 0],
            lead: "Lead I", symptoms: "Rapid, pounding, or fluttering heartbeat"),
        ClinicalRecordRecorded(
            type: "HKClinicalTypeIdentifierLabResultRecord", identifier: "T18EOBCL62BP9Ym5ddQzK9XS4fVSCMjR2n6K",
            sourceURL: "https://fhir.example.org/api/FHIR/DSTU2/Observation/T18EOBCL62BP9Ym5ddQzK9XS4fVSCMjR2n6K",
            fhirVersion: "1.0.2", resourceFilePath: "/clinical-records/Observation-F011639A-7CDB-4E7F-B195-E4DFF6D2FB76.json",
            resource: #"{"resourceType":"Observation","status":"final","valueQuantity":{"value":5.4,"unit":"mmol/L"}}"#),
        AudiogramRecorded(
            type: "HKDataTypeIdentifierAudiogram",
            points: [
                AudiogramPoint(frequency: 500, left: EarSensitivity(sensitivity: 10), right: EarSensitivity(sensitivity: -5)),
                AudiogramPoint(
                    frequency: 4000,
                    left: EarSensitivity(sensitivity: 35.5, masked: true, clampingLowerBound: -10, clampingUpperBound: 100)),
                AudiogramPoint(frequency: 8000, right: EarSensitivity(sensitivity: 100, masked: false, clampingUpperBound: 100)),
            ],
            metadata: ["HKWasUserEntered": "0"]),
        VisionPrescriptionRecorded(
            type: "HKVisionPrescriptionTypeContacts", dateIssued: "2025-11-03", expirationDate: "2026-11-03 00:00:00 +0100",
            brand: "Acuvue Oasys",
            rightEye: ["sphere": "-1.25", "sphereUnit": "D", "baseCurve": "8.4", "baseCurveUnit": "mm"],
            leftEye: ["sphere": "-1.5", "sphereUnit": "D", "cylinder": "-0.75", "cylinderUnit": "D", "axis": "170", "axisUnit": "deg"],
            attachments: ["2D3C4B5A-6F7E-4D8C-9B0A-1F2E3D4C5B6A"], metadata: ["HKWasUserEntered": "1"]),
        ExportElementRecorded(
            element: "FutureRecord", attributes: ["type": "HKFutureTypeIdentifierX", "startDate": "2026-03-01 07:30:00 +0100"],
            text: "kept as written",
            children: [
                ExportElementChild(element: "MetadataEntry", depth: 1, attributes: ["key": "HKWasUserEntered", "value": "1"]),
                ExportElementChild(element: "Part", depth: 1),
                ExportElementChild(element: "Reading", depth: 2, attributes: ["value": "3"], text: "3 of 5"),
                ExportElementChild(element: "Note", depth: 1),
            ]),
        FriendStepsShared(friend: "Ann", keyFingerprint: "1a2b 3c4d 5e6f 7a8b", steps: 9_512),
        IngestTokenAdded(token: "3f9a0c1d", name: "Alex’s iPhone", hash: String(repeating: "ab", count: 32)),
        IngestTokenRevoked(token: "3f9a0c1d"),
        DeliveryReceived(channel: "listener", name: "Alex’s iPhone", token: "3f9a0c1d", readings: 1_440, stored: 60,
                         apps: ["Alex’s Apple Watch": 1_200, "Alex’s iPhone": 240]),
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
        VitalMeasured(samples: .ppg([0.51, 0.53, 0.5, 0.49]), timing: .rate(30), detail: "fingertip camera", session: "9f1c2a7e0b3d4c5e8a6b7c8d9e0f1a2b"),
        SettingChanged(key: "budget.firstWeekday", value: .string("monday")),
        EventCorrected(target: target, replacement: MoodRated(rating: 6), reason: "typo"),
        EventRetracted(target: target, reason: "logged twice"),
        SubjectErased(target: target, blob: "blob-7f3a"),
    ]
}
