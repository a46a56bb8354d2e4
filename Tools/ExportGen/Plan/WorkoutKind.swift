/// The workouts this person does, with what each is like.
enum WorkoutKind: CaseIterable {
    case running, walking, hiking, cycling, strength, yoga, swimming

    var activityType: String {
        switch self {
        case .running: "HKWorkoutActivityTypeRunning"
        case .walking: "HKWorkoutActivityTypeWalking"
        case .hiking: "HKWorkoutActivityTypeHiking"
        case .cycling: "HKWorkoutActivityTypeCycling"
        case .strength: "HKWorkoutActivityTypeTraditionalStrengthTraining"
        case .yoga: "HKWorkoutActivityTypeYoga"
        case .swimming: "HKWorkoutActivityTypeSwimming"
        }
    }

    /// Outdoor workouts record a GPS route.
    var hasRoute: Bool { [.running, .walking, .hiking, .cycling].contains(self) }

    /// The distance type Health sums for this workout, if any.
    var distanceType: String? {
        switch self {
        case .running, .walking, .hiking: "HKQuantityTypeIdentifierDistanceWalkingRunning"
        case .cycling: "HKQuantityTypeIdentifierDistanceCycling"
        case .swimming: "HKQuantityTypeIdentifierDistanceSwimming"
        case .strength, .yoga: nil
        }
    }

    /// Typical moving speed in m/s.
    var speed: Double {
        switch self {
        case .running: 2.9
        case .walking: 1.45
        case .hiking: 1.2
        case .cycling: 6.4
        case .swimming: 0.55
        case .strength, .yoga: 0
        }
    }

    /// Active energy per minute for this person, in kcal.
    var kilocaloriesPerMinute: Double {
        switch self {
        case .running: 11.5
        case .walking: 4.8
        case .hiking: 6.5
        case .cycling: 8.5
        case .strength: 6
        case .yoga: 3.2
        case .swimming: 9
        }
    }

    /// Average heart rate during the workout, in beats per minute.
    var heartRate: Double {
        switch self {
        case .running: 156
        case .walking: 108
        case .hiking: 124
        case .cycling: 138
        case .strength: 118
        case .yoga: 96
        case .swimming: 135
        }
    }

    /// Steps per minute while moving (0 where the watch counts none).
    var cadence: Double {
        switch self {
        case .running: 166
        case .walking: 112
        case .hiking: 104
        case .cycling, .strength, .yoga, .swimming: 0
        }
    }

    /// Metres between segment events: kilometre splits, 5 km for rides, pool lengths.
    var segmentLength: Double? {
        switch self {
        case .running, .walking, .hiking: 1000
        case .cycling: 5000
        case .swimming: 50
        case .strength, .yoga: nil
        }
    }
}
