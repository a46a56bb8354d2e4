import LedgerCore

extension ElementEvents {
    /// A workout with its statistics, events, activities (iOS 16+) and route — from the GPX
    /// file it references, or from the inline `Location`s of old exports.
    mutating func workout(_ element: CapturedElement) throws(RecordProblem) -> Event {
        guard let activityType = element["workoutActivityType"], !activityType.isEmpty else {
            throw RecordProblem(reason: "a Workout without a workoutActivityType")
        }
        guard let (start, utcOffset) = element.date("startDate") else { throw RecordProblem(reason: "a Workout without a readable startDate") }
        let end = element.date("endDate")?.timestamp ?? start
        let duration = element.number("duration").map { Self.seconds($0, unit: element["durationUnit"]) }
            ?? Double(max(end.micros - start.micros, 0)) / 1e6
        let workout = WorkoutRecorded(
            activityType: activityType, duration: max(duration, 0),
            totalDistance: quantity(element, "totalDistance"), totalEnergyBurned: quantity(element, "totalEnergyBurned"),
            statistics: element.children(named: "WorkoutStatistics").compactMap(statistic),
            events: element.children(named: "WorkoutEvent").compactMap { workoutEvent($0, from: start) },
            route: route(element, from: start),
            activities: element.children(named: "WorkoutActivity").compactMap { activity($0, from: start) },
            metadata: element.metadata)
        return event(workout, element, at: (start, utcOffset))
    }

    private func quantity(_ element: CapturedElement, _ name: String) -> Quantity? {
        guard let value = element.number(name), value >= 0, let unit = element[name + "Unit"], HealthUnit.isKnown(unit) else { return nil }
        return Quantity(value: value, unit: unit)
    }

    private func statistic(_ element: CapturedElement) -> WorkoutStatistic? {
        guard let type = element["type"], let unit = element["unit"], HealthUnit.isKnown(unit) else { return nil }
        let statistic = WorkoutStatistic(
            type: type, sum: element.number("sum"), average: element.number("average"),
            minimum: element.number("minimum"), maximum: element.number("maximum"), unit: unit)
        let hasValue = statistic.sum != nil || statistic.average != nil || statistic.minimum != nil || statistic.maximum != nil
        return hasValue ? statistic : nil
    }

    private func workoutEvent(_ element: CapturedElement, from start: Timestamp) -> WorkoutEvent? {
        guard let type = element["type"], let date = element.date("date") else { return nil }
        return WorkoutEvent(
            type: type, offset: Self.offset(date.timestamp, from: start),
            duration: element.number("duration").map { Self.seconds($0, unit: element["durationUnit"]) },
            metadata: element.metadata)
    }

    private func activity(_ element: CapturedElement, from start: Timestamp) -> WorkoutActivity? {
        guard let begun = element.date("startDate") else { return nil }
        return WorkoutActivity(
            uuid: element["uuid"] ?? "", offset: Self.offset(begun.timestamp, from: start),
            duration: element.number("duration").map { Self.seconds($0, unit: element["durationUnit"]) },
            events: element.children(named: "WorkoutEvent").compactMap { workoutEvent($0, from: start) },
            statistics: element.children(named: "WorkoutStatistics").compactMap(statistic),
            metadata: element.metadata)
    }

    private mutating func route(_ element: CapturedElement, from start: Timestamp) -> [RoutePoint] {
        var points: [RoutePoint] = []
        for route in element.children(named: "WorkoutRoute") {
            for reference in route.children(named: "FileReference") {
                guard let path = reference["path"] else { continue }
                namedRoutes.insert(path.hasPrefix("/") ? String(path.dropFirst()) : path)
                let found: [UInt8]?
                do { found = try attachments.attachment(path) } catch {
                    notes.append("route file \(error): workout stored without it")
                    continue
                }
                guard let bytes = found else {
                    notes.append("route file \(path) is not in the export: workout stored without it")
                    continue
                }
                do {
                    points += try GPXRoute.points(in: bytes, relativeTo: start, file: path)
                } catch {
                    notes.append("route file \(path): \(error): workout stored without it")
                }
            }
            for location in route.children(named: "Location") {
                guard let date = location.date("date"), let latitude = location.number("latitude"),
                      let longitude = location.number("longitude") else { continue }
                points.append(RoutePoint(
                    latitude: latitude, longitude: longitude, altitude: location.number("altitude"),
                    offset: Self.offset(date.timestamp, from: start), speed: Self.measured(location.number("speed")),
                    course: Self.measured(location.number("course")),
                    horizontalAccuracy: Self.measured(location.number("horizontalAccuracy")),
                    verticalAccuracy: Self.measured(location.number("verticalAccuracy"))))
            }
        }
        return points.sorted { $0.offset < $1.offset }
    }

    /// Core Location writes -1 for a speed, course or accuracy it does not know.
    private static func measured(_ value: Double?) -> Double? {
        guard let value, value >= 0 else { return nil }
        return value
    }

    static func offset(_ time: Timestamp, from start: Timestamp) -> Double { max(Double(time.micros - start.micros) / 1e6, 0) }

    static func seconds(_ value: Double, unit: String?) -> Double {
        switch unit?.lowercased() {
        case "min": value * 60
        case "hr", "h": value * 3600
        case "ms": value / 1000
        case "d": value * 86_400
        default: value
        }
    }
}
