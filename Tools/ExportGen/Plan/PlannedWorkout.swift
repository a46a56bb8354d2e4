/// A workout decided for a day; every stream that shows it (heart rate, energy, steps, the
/// workout element, its route) reads it from here, so they agree.
struct PlannedWorkout {
    let kind: WorkoutKind
    let start: Int64
    /// Seconds from start to end, pauses included.
    let duration: Int64
    /// A stop (a traffic light, a drink), as seconds after the start and its length.
    let pause: (after: Int64, length: Int64)?
    /// Moving speed in m/s, 0 for workouts without distance.
    let speed: Double
    let activeEnergy: Double
    let route: RouteStyle

    var end: Int64 { start + duration }
    var movingSeconds: Int64 { duration - (pause?.length ?? 0) }
    var distance: Double { speed * Double(movingSeconds) }

    /// Whether the person is moving at `instant` (inside the workout and not paused).
    func isMoving(at instant: Int64) -> Bool {
        guard instant >= start && instant < end else { return false }
        guard let pause else { return true }
        let elapsed = instant - start
        return elapsed < pause.after || elapsed >= pause.after + pause.length
    }

    /// Seconds of `from..<to` in which the workout is moving.
    func movingSeconds(from: Int64, to: Int64) -> Int64 {
        var moving = max(0, min(to, end) - max(from, start))
        if let pause {
            let pauseStart = start + pause.after
            moving -= max(0, min(to, pauseStart + pause.length) - max(from, pauseStart))
        }
        return moving
    }
}
