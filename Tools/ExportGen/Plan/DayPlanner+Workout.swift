import DemoData

extension DayPlanner {
    /// Half of weekdays have a run, a gym or yoga session, a walk or a swim; most weekend
    /// days a long ride, run or hike. The first two days always have an outdoor workout so
    /// that even a small export has both kinds of route.
    func plannedWorkout(day index: Int, date: CivilDate, midnight: Int64, wake: Int64) -> PlannedWorkout? {
        var random = SeededRandom(seed: schedule.settings.seed, stream: Part.workout.rawValue, day: index)
        let kind: WorkoutKind
        let minutes: Double
        var start: Int64
        switch index {
        case 0: kind = .running
        case 1: kind = .walking
        default:
            guard random.chance(date.isWeekend ? 0.75 : 0.5) else { return nil }
            let draw = random.uniform(0..<1)
            if date.isWeekend {
                kind = draw < 0.4 ? .cycling : draw < 0.7 ? .running : .hiking
            } else {
                kind = draw < 0.35 ? .running : draw < 0.6 ? .strength : draw < 0.75 ? .yoga : draw < 0.9 ? .walking : .swimming
            }
        }
        switch kind {
        case .running: minutes = date.isWeekend ? random.gaussian(mean: 62, deviation: 14) : random.gaussian(mean: 36, deviation: 7)
        case .cycling: minutes = random.gaussian(mean: 105, deviation: 30)
        case .hiking: minutes = random.gaussian(mean: 150, deviation: 35)
        case .strength: minutes = random.gaussian(mean: 52, deviation: 9)
        case .walking, .yoga, .swimming: minutes = random.gaussian(mean: 42, deviation: 8)
        }
        if date.isWeekend {
            start = midnight + random.seconds(10 * 3600, deviation: 2700)
        } else if random.chance(0.35) {
            start = wake + random.seconds(1500, deviation: 300, minimum: 600)
        } else {
            start = midnight + random.seconds(18.3 * 3600, deviation: 2100)
        }
        start = max(start, wake + 600)
        let duration = Int64(max(12, minutes) * 60) + Int64(random.integer(0...59))
        let pause: (after: Int64, length: Int64)? = kind.hasRoute && random.chance(0.4)
            ? (Int64(Double(duration) * random.uniform(0.2..<0.7)), Int64(random.integer(45...240))) : nil
        let moving = Double(duration - (pause?.length ?? 0)) / 60
        let route: RouteStyle = kind.hasRoute ? (schedule.hasInlineRoute(onDay: index) ? .inline : .file) : .none
        return PlannedWorkout(
            kind: kind, start: start, duration: duration, pause: pause,
            speed: kind.speed * random.gaussian(mean: 1, deviation: 0.06),
            activeEnergy: kind.kilocaloriesPerMinute * moving * random.gaussian(mean: 1, deviation: 0.08),
            route: route)
    }
}
