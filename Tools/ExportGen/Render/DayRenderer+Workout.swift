import DemoData
import Foundation

extension DayRenderer {
    /// The day's workout: the iOS 16+ form with events, an activity, statistics and a route
    /// file, or — for routes of the iOS 10 kind — totals as attributes and the route inline.
    mutating func workout(into writer: inout ExportXMLWriter) {
        guard let workout = plan.workout else { return }
        writer.beginElement()
        if workout.route == .inline {
            legacyWorkout(workout, into: &writer)
        } else {
            currentWorkout(workout, into: &writer)
        }
        guard writer.endElement("Workout") else { return }
        switch workout.route {
        case .file:
            writer.manifest.workoutsWithFileRoute += 1
            if schedule.settings.writesFiles { writer.addFile(.route(day: plan.index)) }
        case .inline:
            writer.manifest.workoutsWithInlineRoute += 1
        case .none:
            break
        }
    }

    private mutating func currentWorkout(_ workout: PlannedWorkout, into writer: inout ExportXMLWriter) {
        let created = workout.end + Int64(random.integer(5...90))
        writer.text.append(" <Workout")
        writer.text.plainAttribute("workoutActivityType", workout.kind.activityType)
        writer.text.plainAttribute("duration", "\(Double(workout.duration) / 60)")
        writer.text.plainAttribute("durationUnit", "min")
        writer.sourceAttributes(Person.watch)
        writer.dateAttribute("creationDate", created)
        writer.dateAttribute("startDate", workout.start)
        writer.dateAttribute("endDate", workout.end)
        writer.text.append(">\n")
        workoutMetadata(workout, into: &writer)
        workoutEvents(workout, into: &writer)
        writer.text.append("  <WorkoutActivity")
        writer.text.plainAttribute("uuid", random.uuid())
        writer.dateAttribute("startDate", workout.start)
        writer.dateAttribute("endDate", workout.end)
        writer.text.plainAttribute("duration", "\(Double(workout.duration) / 60)")
        writer.text.plainAttribute("durationUnit", "min")
        writer.text.append(">\n")
        writer.metadata("HKIndoorWorkout", workout.kind.hasRoute ? "0" : "1", indent: "   ")
        writer.text.append("  </WorkoutActivity>\n")
        workoutStatistics(workout, into: &writer)
        if workout.route == .file {
            writer.text.append("  <WorkoutRoute")
            writer.sourceAttributes(Person.watch)
            writer.dateAttribute("creationDate", created + 20)
            writer.dateAttribute("startDate", workout.start)
            writer.dateAttribute("endDate", workout.end)
            writer.text.append(">\n")
            writer.metadata("HKMetadataKeySyncVersion", "2", indent: "   ")
            writer.metadata("HKMetadataKeySyncIdentifier", random.uuid(), indent: "   ")
            writer.text.append("   <FileReference path=\"/workout-routes/")
            writer.text.append(RouteGPX.fileName(for: workout, zone: plan.zone))
            writer.text.append("\"/>\n  </WorkoutRoute>\n")
        }
        writer.text.append(" </Workout>\n")
    }

    /// iOS 10's form, route and all inline, recorded by the phone.
    private mutating func legacyWorkout(_ workout: PlannedWorkout, into writer: inout ExportXMLWriter) {
        let created = workout.end + Int64(random.integer(5...90))
        writer.text.append(" <Workout")
        writer.text.plainAttribute("workoutActivityType", workout.kind.activityType)
        writer.text.plainAttribute("duration", "\(Double(workout.duration) / 60)")
        writer.text.plainAttribute("durationUnit", "min")
        writer.text.plainAttribute("totalDistance", "\(workout.distance / 1000)")
        writer.text.plainAttribute("totalDistanceUnit", "km")
        writer.text.plainAttribute("totalEnergyBurned", "\(workout.activeEnergy)")
        writer.text.plainAttribute("totalEnergyBurnedUnit", "kcal")
        writer.sourceAttributes(Person.watch)
        writer.dateAttribute("creationDate", created)
        writer.dateAttribute("startDate", workout.start)
        writer.dateAttribute("endDate", workout.end)
        writer.text.append(">\n")
        workoutMetadata(workout, into: &writer)
        workoutEvents(workout, into: &writer)
        writer.text.append("  <WorkoutRoute")
        writer.sourceAttributes(plan.phone)
        writer.dateAttribute("creationDate", created + 5)
        writer.dateAttribute("startDate", workout.start)
        writer.dateAttribute("endDate", workout.end)
        writer.text.append(">\n")
        let track = RouteTrack(plan: plan, workout: workout, seed: schedule.settings.seed,
                               abroad: schedule.trip.contains(plan.index), interval: RouteTrack.inlineInterval)
        for point in track.points {
            writer.text.append("   <Location")
            writer.dateAttribute("date", Int64(point.instant))
            writer.quantityAttribute("latitude", point.latitude, places: 6)
            writer.quantityAttribute("longitude", point.longitude, places: 6)
            writer.quantityAttribute("altitude", point.altitude, places: 4)
            writer.quantityAttribute("horizontalAccuracy", point.horizontalAccuracy, places: 5)
            writer.quantityAttribute("verticalAccuracy", point.verticalAccuracy, places: 5)
            writer.quantityAttribute("course", point.course, places: 4)
            writer.quantityAttribute("speed", point.speed, places: 5)
            writer.text.append("/>\n")
        }
        writer.text.append("  </WorkoutRoute>\n </Workout>\n")
    }

    /// Time zone and indoor flag always; with quirks also what Health writes as text with
    /// units inside: weather, climb, METs, lap length.
    private mutating func workoutMetadata(_ workout: PlannedWorkout, into writer: inout ExportXMLWriter) {
        if workout.kind.hasRoute || workout.kind == .swimming {
            writer.metadata("HKIndoorWorkout", workout.kind.hasRoute ? "0" : "1")
        }
        writer.metadata("HKTimeZone", plan.zone.name)
        guard quirks else { return }
        if workout.kind.hasRoute {
            let season = cos(2 * Double.pi * Double(plan.date.daysSinceEpoch - 15) / 365.25)
            let celsius = 10 - 9 * season + random.gaussian(mean: 0, deviation: 3)
            writer.metadata("HKWeatherTemperature", "\(Int((celsius * 9 / 5 + 32).rounded())) degF")
            writer.metadata("HKWeatherHumidity", "\(random.integer(45...98)) %")
            writer.metadata("HKElevationAscended", "\(Int(workout.distance * 0.9 * random.uniform(0.7..<1.3))) cm")
        }
        if workout.kind == .swimming {
            writer.metadata("HKSwimmingLocationType", "1")
            writer.metadata("HKLapLength", "50 m")
        }
        let mets = workout.activeEnergy / (Double(workout.movingSeconds) / 3600) / 68 + 1
        var text = XMLBytes()
        text.append(mets, places: 5)
        writer.metadata("HKAverageMETs", String(decoding: text.bytes, as: UTF8.self) + " kcal/hr·kg")
    }

    /// Splits (a segment per kilometre, per 5 km riding, per pool length) and the pause.
    private mutating func workoutEvents(_ workout: PlannedWorkout, into writer: inout ExportXMLWriter) {
        var events: [(instant: Int64, type: String, duration: Int64?)] = []
        if let length = workout.kind.segmentLength, workout.speed > 0 {
            let segment = Int64(length / workout.speed)
            var start = workout.start
            while start + segment <= workout.end && events.count < 60 {
                events.append((start, "HKWorkoutEventTypeSegment", segment))
                start += segment
            }
        }
        if let pause = workout.pause {
            events.append((workout.start + pause.after, "HKWorkoutEventTypePause", nil))
            events.append((workout.start + pause.after + pause.length, "HKWorkoutEventTypeResume", nil))
        }
        for event in events.sorted(by: { $0.instant < $1.instant }) {
            writer.text.append("  <WorkoutEvent")
            writer.text.plainAttribute("type", event.type)
            writer.dateAttribute("date", event.instant)
            if let duration = event.duration {
                writer.text.plainAttribute("duration", "\(Double(duration) / 60)")
                writer.text.plainAttribute("durationUnit", "min")
            }
            writer.text.append("/>\n")
        }
    }

    private mutating func workoutStatistics(_ workout: PlannedWorkout, into writer: inout ExportXMLWriter) {
        let intensity = workout.kind.speed > 0 ? workout.speed / workout.kind.speed : 1
        let averageHeartRate = workout.kind.heartRate * intensity
        statistic("HKQuantityTypeIdentifierActiveEnergyBurned", workout, sum: workout.activeEnergy, unit: "kcal", into: &writer)
        statistic("HKQuantityTypeIdentifierBasalEnergyBurned", workout, sum: 1450 * Double(workout.duration) / 86400, unit: "kcal", into: &writer)
        writer.text.append("  <WorkoutStatistics")
        writer.text.plainAttribute("type", DayRenderer.heartRateType)
        writer.dateAttribute("startDate", workout.start)
        writer.dateAttribute("endDate", workout.end)
        writer.quantityAttribute("average", averageHeartRate + random.gaussian(mean: 0, deviation: 1.5), places: 4)
        writer.quantityAttribute("minimum", plan.restingHeartRate + 25 + random.gaussian(mean: 0, deviation: 4), places: 0)
        writer.quantityAttribute("maximum", averageHeartRate + 16 + random.gaussian(mean: 0, deviation: 4), places: 0)
        writer.text.plainAttribute("unit", DayRenderer.beatsPerMinute)
        writer.text.append("/>\n")
        if let type = workout.kind.distanceType {
            let swimming = workout.kind == .swimming
            statistic(type, workout, sum: swimming ? workout.distance : workout.distance / 1000, unit: swimming ? "m" : "km", into: &writer)
        }
        if workout.kind.cadence > 0 {
            statistic("HKQuantityTypeIdentifierStepCount", workout, sum: (workout.kind.cadence * Double(workout.movingSeconds) / 60).rounded(),
                      unit: "count", into: &writer)
        }
    }

    private func statistic(_ type: String, _ workout: PlannedWorkout, sum: Double, unit: String, into writer: inout ExportXMLWriter) {
        writer.text.append("  <WorkoutStatistics")
        writer.text.plainAttribute("type", type)
        writer.dateAttribute("startDate", workout.start)
        writer.dateAttribute("endDate", workout.end)
        writer.quantityAttribute("sum", sum, places: 5)
        writer.text.plainAttribute("unit", unit)
        writer.text.append("/>\n")
    }
}
