import LedgerCore

/// The `Activity Ring: …` columns, each one field of `activitySummary.recorded`.
enum ActivityRing: CaseIterable {
    case move, moveGoal, moveTime, moveTimeGoal, exercise, exerciseGoal, stand, standGoal

    /// The header without its unit.
    var label: String {
        switch self {
        case .move: "Activity Ring: Move"
        case .moveGoal: "Activity Ring: Move Goal"
        case .moveTime: "Activity Ring: Move Time"
        case .moveTimeGoal: "Activity Ring: Move Time Goal"
        case .exercise: "Activity Ring: Exercise"
        case .exerciseGoal: "Activity Ring: Exercise Goal"
        case .stand: "Activity Ring: Stand"
        case .standGoal: "Activity Ring: Stand Goal"
        }
    }

    /// The unit the payload holds this field in.
    var unit: HealthUnit {
        let symbol = switch self {
        case .move, .moveGoal: "kcal"
        case .moveTime, .moveTimeGoal, .exercise, .exerciseGoal: "min"
        case .stand, .standGoal: "hr"
        }
        // Cannot fail: symbols HealthUnit.all holds
        return HealthUnit.named(symbol)!
    }

    var field: WritableKeyPath<ActivitySummaryRecorded, Double?> {
        switch self {
        case .move: \.activeEnergyBurned
        case .moveGoal: \.activeEnergyBurnedGoal
        case .moveTime: \.moveMinutes
        case .moveTimeGoal: \.moveMinutesGoal
        case .exercise: \.exerciseMinutes
        case .exerciseGoal: \.exerciseMinutesGoal
        case .stand: \.standHours
        case .standGoal: \.standHoursGoal
        }
    }
}
