import DemoData

extension DayRenderer {
    /// The watch's steps walk by walk and the phone's hour by hour, overlapping.
    mutating func steps(into writer: inout ExportXMLWriter) {
        for hour in 0..<24 {
            let walking = walkingHour(hour)
            for walk in walking.walks {
                writer.record(Sample("HKQuantityTypeIdentifierStepCount", Person.watch, unit: "count", value: .quantity(walk.steps, places: 0),
                                     start: walk.start, end: walk.end, created: created(walk.end)))
            }
            if walking.phoneCarried, let start = walking.start, let end = walking.end {
                writer.record(Sample("HKQuantityTypeIdentifierStepCount", plan.phone, unit: "count",
                                     value: .quantity((walking.steps * walking.phoneShare).rounded(), places: 0),
                                     start: start, end: end, created: created(end, delay: 30...900)))
            }
        }
    }

    /// Distance for the same walks, from the watch and the phone.
    mutating func walkingRunningDistance(into writer: inout ExportXMLWriter) {
        for hour in 0..<24 {
            let walking = walkingHour(hour)
            for walk in walking.walks {
                writer.record(Sample("HKQuantityTypeIdentifierDistanceWalkingRunning", Person.watch, unit: "km",
                                     value: .quantity(walk.steps * walk.stride / 1000, places: 5),
                                     start: walk.start, end: walk.end, created: created(walk.end)))
            }
            if walking.phoneCarried, let start = walking.start, let end = walking.end {
                writer.record(Sample("HKQuantityTypeIdentifierDistanceWalkingRunning", plan.phone, unit: "km",
                                     value: .quantity(walking.distance * walking.phoneShare * 0.97 / 1000, places: 5),
                                     start: start, end: end, created: created(end, delay: 30...900)))
            }
        }
    }

    /// Rides minute by minute; swims length by length in a 50 m pool.
    mutating func workoutDistance(_ kind: WorkoutKind, into writer: inout ExportXMLWriter) {
        guard let workout = plan.workout, workout.kind == kind, let type = kind.distanceType else { return }
        let swimming = kind == .swimming
        let piece: Int64 = swimming ? Int64(50 / workout.speed) : 60
        var start = workout.start
        while start + piece <= workout.end {
            let moving = workout.movingSeconds(from: start, to: start + piece)
            if moving > 0 {
                let metres = swimming ? 50 : workout.speed * Double(moving) * random.uniform(0.92..<1.08)
                writer.record(Sample(type, Person.watch, unit: swimming ? "m" : "km",
                                     value: .quantity(swimming ? metres : metres / 1000, places: swimming ? 0 : 5),
                                     start: start, end: start + piece, created: created(start + piece)))
            }
            start += piece + (swimming ? Int64(random.integer(3...20)) : 0)
        }
    }

    /// Resting energy every half hour, a little lower asleep.
    mutating func basalEnergy(into writer: inout ExportXMLWriter) {
        var start = plan.midnight
        while start < plan.nextMidnight {
            let end = min(plan.nextMidnight, start + 1800)
            let rate = 1450.0 / 86400 * (plan.isAsleep(at: start) ? 0.92 : 1.04)
            writer.record(Sample("HKQuantityTypeIdentifierBasalEnergyBurned", Person.watch, unit: "kcal",
                                 value: .quantity(rate * Double(end - start) * random.uniform(0.99..<1.01), places: 3),
                                 start: start, end: end, created: created(end)))
            start = end
        }
    }

    /// Each hour's active energy in five-minute pieces awake (three-minute in a workout),
    /// two pieces an hour asleep; the pieces add up to the plan's hour.
    mutating func activeEnergy(into writer: inout ExportXMLWriter) {
        for hour in 0..<24 {
            let start = plan.hourStart(hour)
            guard start < plan.nextMidnight else { break }
            let inWorkout = plan.workout.map { $0.start < start + 3600 && $0.end > start } ?? false
            let pieces = inWorkout ? 20 : plan.isAsleep(at: start + 1800) ? 2 : 12
            let length = Int64(3600 / pieces)
            let weights = (0..<pieces).map { _ in random.uniform(0.5..<1.5) }
            let weightSum = weights.reduce(0, +)
            for (index, weight) in weights.enumerated() {
                let pieceStart = start + Int64(index) * length + Int64(random.integer(0...20))
                let pieceEnd = start + Int64(index + 1) * length - Int64(random.integer(0...20))
                guard pieceEnd <= plan.nextMidnight else { break }
                writer.record(Sample("HKQuantityTypeIdentifierActiveEnergyBurned", Person.watch, unit: "kcal",
                                     value: .quantity(plan.hourlyActiveEnergy[hour] * weight / weightSum, places: 3),
                                     start: pieceStart, end: pieceEnd, created: created(pieceEnd)))
            }
        }
    }

    /// Stairs, counted by the phone.
    mutating func flightsClimbed(into writer: inout ExportXMLWriter) {
        let count = random.integer(plan.isWeekend ? 1...6 : 3...10)
        let starts = (0..<count).map { _ in plan.wake + Int64(random.uniform(0..<1) * Double(max(3600, plan.nextBedtime - plan.wake - 3600))) }
        for start in starts.sorted() where start < plan.nextMidnight {
            let end = start + Int64(random.integer(15...90))
            writer.record(Sample("HKQuantityTypeIdentifierFlightsClimbed", plan.phone, unit: "count",
                                 value: .quantity(Double(random.integer(1...3)), places: 0), start: start, end: end, created: created(end)))
        }
    }

    /// One sample per minute of exercise: the workout's moving minutes and a few brisk
    /// minutes in busy hours.
    mutating func exerciseTime(into writer: inout ExportXMLWriter) {
        var minutes: [Int64] = []
        if let workout = plan.workout {
            var minute = (workout.start + 59) / 60 * 60
            while minute + 60 <= workout.end {
                if workout.isMoving(at: minute + 30) { minutes.append(minute) }
                minute += 60
            }
        }
        for hour in 0..<24 where plan.hourlySteps[hour] > 2500 {
            let first = plan.hourStart(hour) + Int64(random.integer(0...50)) * 60
            guard plan.workout.map({ first + 360 <= $0.start || first >= $0.end }) ?? true else { continue }
            minutes += (0..<6).map { first + Int64($0) * 60 }
        }
        for minute in minutes.sorted() where minute + 60 <= plan.nextMidnight {
            writer.record(Sample("HKQuantityTypeIdentifierAppleExerciseTime", Person.watch, unit: "min",
                                 value: .quantity(1, places: 0), start: minute, end: minute + 60, created: created(minute + 60, delay: 1...120)))
        }
    }

    /// Whether the person stood in each waking hour.
    mutating func standHours(into writer: inout ExportXMLWriter) {
        for hour in 0..<24 where plan.hasStandHour(hour) {
            let start = plan.hourStart(hour)
            let value = plan.stoodHours[hour] ? "HKCategoryValueAppleStandHourStood" : "HKCategoryValueAppleStandHourIdle"
            writer.record(Sample("HKCategoryTypeIdentifierAppleStandHour", Person.watch, unit: nil, value: .category(value),
                                 start: start, end: start + 3600, created: created(start + 3600)))
        }
    }
}
