import DemoData
import Foundation

extension DayPlanner {
    /// Mean steps per waking hour: commutes and lunch on weekdays, long outings at weekends.
    private static let weekdaySteps: [Double] = [
        0, 0, 0, 0, 0, 0, 150, 900, 1100, 350, 300, 350, 1000, 500, 300, 300, 350, 900, 1100, 500, 350, 250, 120, 40,
    ]
    private static let weekendSteps: [Double] = [
        0, 0, 0, 0, 0, 0, 0, 100, 250, 500, 900, 1100, 900, 700, 900, 1000, 900, 700, 600, 500, 400, 300, 150, 60,
    ]

    func hourlySteps(date: CivilDate, midnight: Int64, wake: Int64, workout: PlannedWorkout?, random: inout SeededRandom) -> [Double] {
        let profile = date.isWeekend ? Self.weekendSteps : Self.weekdaySteps
        return (0..<24).map { hour in
            let start = midnight + Int64(hour) * 3600
            let awakeFraction = Double(min(3600, max(0, start + 3600 - wake))) / 3600
            var steps = profile[hour] * awakeFraction * exp(random.gaussian(mean: 0, deviation: 0.45))
            if let workout, workout.kind.cadence > 0 {
                steps += workout.kind.cadence * Double(workout.movingSeconds(from: start, to: start + 3600)) / 60
            }
            return steps.rounded()
        }
    }

    /// Walking burns about 0.04 kcal a step; being awake a few kcal an hour more; a workout
    /// its own rate while moving.
    func hourlyActiveEnergy(steps: [Double], midnight: Int64, wake: Int64, workout: PlannedWorkout?, random: inout SeededRandom) -> [Double] {
        (0..<24).map { hour in
            let start = midnight + Int64(hour) * 3600
            var energy = steps[hour] * 0.042 + (start + 3600 > wake ? random.uniform(2.5..<5) : random.uniform(0.3..<1))
            if let workout, workout.kind.cadence == 0 {
                energy += workout.activeEnergy * Double(workout.movingSeconds(from: start, to: start + 3600)) / Double(workout.movingSeconds)
            } else if let workout {
                // Steps already carry walking's energy; a run burns the rest on top.
                let extra = workout.activeEnergy - workout.kind.cadence * Double(workout.movingSeconds) / 60 * 0.042
                energy += max(0, extra) * Double(workout.movingSeconds(from: start, to: start + 3600)) / Double(workout.movingSeconds)
            }
            return (energy * 1000).rounded() / 1000
        }
    }
}
