import DemoData

extension DayRenderer {
    /// The walks of local hour `hour`, drawn from a generator of their own so that the step
    /// and distance streams see the same walks.
    func walkingHour(_ hour: Int) -> WalkingHour {
        var result = WalkingHour()
        var remaining = plan.hourlySteps[hour]
        let hourStart = plan.hourStart(hour)
        let hourEnd = min(hourStart + 3600, plan.nextMidnight)
        guard remaining > 0, hourEnd > hourStart else { return result }
        var random = SeededRandom(seed: schedule.settings.seed, stream: 100_000 + DayPlanner.Part.bouts.rawValue * 100 + hour, day: plan.index)
        if let workout = plan.workout, workout.kind.cadence > 0 {
            // The workout's steps, in ten-minute pieces timed with it.
            var pieceStart = max(hourStart, workout.start)
            let until = min(hourEnd, workout.end)
            while pieceStart < until {
                let pieceEnd = min(until, pieceStart + 600)
                let steps = min(remaining, (workout.kind.cadence * Double(workout.movingSeconds(from: pieceStart, to: pieceEnd)) / 60).rounded())
                if steps > 0 {
                    result.walks.append(.init(start: pieceStart, end: pieceEnd, steps: steps, stride: workout.kind == .running ? 1.08 : 0.74))
                }
                remaining -= steps
                pieceStart = pieceEnd
            }
        }
        let count = min(6, 1 + Int(remaining / 450))
        let weights = (0..<count).map { _ in random.uniform(0.4..<1.6) }
        let weightSum = weights.reduce(0, +)
        var left = remaining
        for (index, weight) in weights.enumerated() {
            let steps = index == count - 1 ? left : min(left, (remaining * weight / weightSum).rounded())
            left -= steps
            guard steps > 0 else { continue }
            let duration = Int64(max(30, steps / random.uniform(70..<115) * 60))
            let latest = max(hourStart, hourEnd - duration)
            let start = hourStart + Int64(random.uniform(0..<1) * Double(latest - hourStart))
            result.walks.append(.init(start: start, end: min(hourEnd, start + duration), steps: steps, stride: random.uniform(0.7..<0.78)))
        }
        result.walks.sort { $0.start < $1.start }
        result.phoneCarried = random.chance(plan.isWeekend ? 0.5 : 0.75)
        result.phoneShare = random.uniform(0.82..<0.97)
        return result
    }
}
