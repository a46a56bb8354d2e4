import DemoData
import Foundation

/// A workout's GPS track: a wobbly loop of the workout's length that starts and ends at
/// home (or at the hotel, abroad), sampled while moving.
struct RouteTrack {
    struct Point {
        let instant: Double
        let latitude: Double
        let longitude: Double
        let altitude: Double
        let speed: Double
        /// Degrees from north; -1 where there is no previous point to tell.
        let course: Double
        let horizontalAccuracy: Double
        let verticalAccuracy: Double
    }

    /// The watch records about one point a second; every other one keeps route files from
    /// outweighing export.xml in a benchmark export, with the same shape.
    static let fileInterval = 2.0
    /// iOS 10 wrote inline routes sparser.
    static let inlineInterval = 5.0

    let points: [Point]

    init(plan: DayPlan, workout: PlannedWorkout, seed: UInt64, abroad: Bool, interval: Double) {
        var random = SeededRandom(seed: seed, stream: 5000, day: plan.index)
        let origin = abroad ? (Person.tripLatitude, Person.tripLongitude) : (Person.homeLatitude, Person.homeLongitude)
        let metresPerDegree = 111_320.0
        let longitudeScale = cos(origin.0 * .pi / 180)
        let radius = max(50, workout.distance) / (2 * .pi)
        let heading = random.uniform(0..<(2 * .pi))
        let phases = (random.uniform(0..<6), random.uniform(0..<6), random.uniform(0..<6))
        var points: [Point] = []
        var travelled = 0.0
        var instant = Double(workout.start) + random.uniform(1..<4)
        var previous: (x: Double, y: Double)?
        while instant < Double(workout.end) {
            defer { instant += interval }
            guard workout.isMoving(at: Int64(instant)) else { continue }
            let speed = max(0, workout.speed * (1 + 0.06 * sin(instant / 37)) + random.gaussian(mean: 0, deviation: 0.08))
            travelled += speed * interval
            let angle = 2 * .pi * min(1, travelled / max(1, workout.distance))
            let wobble = radius * (1 + 0.12 * sin(3 * angle + phases.0) * sin(angle / 2))
            let x = radius * cos(heading) + wobble * cos(heading + .pi + angle)
            let y = radius * sin(heading) + wobble * sin(heading + .pi + angle)
            var course = -1.0
            if let previous {
                course = atan2(x - previous.x, y - previous.y) * 180 / .pi
                if course < 0 { course += 360 }
            }
            previous = (x, y)
            points.append(Point(
                instant: instant,
                latitude: origin.0 + y / metresPerDegree,
                longitude: origin.1 + x / (metresPerDegree * longitudeScale),
                altitude: 38 + 9 * sin(2 * angle + phases.1) + 4 * sin(5 * angle + phases.2) + random.gaussian(mean: 0, deviation: 0.2),
                speed: speed, course: course,
                horizontalAccuracy: random.chance(0.03) ? random.uniform(8..<16) : random.uniform(1.8..<5.5),
                verticalAccuracy: random.uniform(1.2..<3.8)))
        }
        self.points = points
    }
}
