import LedgerCore

/// A workout of `data.workouts[]` (the app's workouts version 2) as `workout.recorded`.
///
/// `{"id", "name", "start", "end", "duration", "activeEnergyBurned": {"qty", "units"},
/// "distance": {…}, "heartRate": {"min", "avg", "max"}, "heartRateData": [{"date", "Min",
/// "Avg", "Max", "units", "source"}], "route": [{"latitude", "longitude", "timestamp", …}], …}`.
/// Every field the payload has no place for is kept in its metadata as `HealthAutoExport.<field>`,
/// so nothing the app sent is dropped.
extension HealthAutoExportFile {
    static let workoutNameKey = "HealthAutoExportWorkout"
    static let workoutIDKey = "HealthAutoExportWorkoutID"
    static let keptFieldPrefix = "HealthAutoExport."

    func workout(_ value: DocValue, field: String, summary: inout ImportSummary) throws(ImportError) -> Event {
        guard case .map(let workout) = value else { throw .malformed(path, column: field, "is not an object") }
        guard case .string(let name)? = workout["name"], !name.isEmpty else { throw .malformed(path, column: field + ".name", "the workout has no name") }
        let (start, offset) = try date(workout, "start", field: field)
        let (end, _) = try date(workout, "end", field: field)
        guard end >= start else { throw .malformed(path, column: field + ".end", "ends before its start") }
        let duration = workout["duration"] == nil ? Double(end.micros - start.micros) / 1e6 : try number(workout, "duration", field: field)
        guard duration >= 0 else { throw .malformed(path, column: field + ".duration", "\(duration) is not a number of seconds") }

        var metadata = [Self.workoutNameKey: name]
        let activityType = HealthAutoExportActivity.type(named: name) ?? HealthAutoExportActivity.other
        if activityType == HealthAutoExportActivity.other, name != "Other" {
            summary.note("workout name '\(name)' is not a HealthKit activity type: stored as Other, its name kept")
        }
        var samples: [WorkoutSample] = []
        var route: [RoutePoint] = []
        var statistics: [WorkoutStatistic] = []
        var energy: Quantity?, distance: Quantity?
        var key = ""
        for (fieldName, fieldValue) in workout.fields {
            let path = "\(field).\(fieldName)"
            switch fieldName {
            case "name", "start", "end", "duration", "avgHeartRate", "maxHeartRate": continue
            case "id":
                key = Self.text(fieldValue)
                metadata[Self.workoutIDKey] = key
            case "source":
                metadata[Self.pointSourceKey] = Self.text(fieldValue)
            // Workouts version 1 wrote the total as `activeEnergy`, the name version 2 gives its minutes.
            case _ where fieldName == "activeEnergyBurned" || (fieldName == "activeEnergy" && fieldValue.isQuantityObject):
                energy = try quantity(fieldValue, field: path)
                if energy == nil { metadata[Self.keptFieldPrefix + fieldName] = Self.kept(fieldValue) }
            case "distance":
                distance = try quantity(fieldValue, field: path)
                if distance == nil { metadata[Self.keptFieldPrefix + fieldName] = Self.kept(fieldValue) }
            case "heartRate":
                if let statistic = try heartRate(fieldValue, field: path) { statistics.append(statistic) } else {
                    metadata[Self.keptFieldPrefix + fieldName] = Self.kept(fieldValue)
                }
            case "route":
                var points: [RoutePoint] = []
                for (index, point) in try array(fieldValue, field: path).enumerated() {
                    guard let routePoint = try routePoint(point, from: start, field: "\(path)[\(index)]") else {
                        summary.note("a workout's route without timestamps: kept whole in its metadata")
                        metadata[Self.keptFieldPrefix + fieldName] = Self.kept(fieldValue)
                        points = []
                        break
                    }
                    points.append(routePoint)
                }
                route = points.sorted { $0.offset < $1.offset }
            case let series where Self.workoutSeries[series] != nil:
                // Cannot fail: the case's condition found the series
                let (type, isRate) = Self.workoutSeries[series]!
                var buckets: [WorkoutSample] = []
                for (index, point) in try array(fieldValue, field: path).enumerated() {
                    guard let bucket = try bucket(point, type: type, isRate: isRate, from: start, field: "\(path)[\(index)]") else {
                        summary.note("a workout's \(series) in a unit HealthKit does not spell: kept whole in its metadata")
                        metadata[Self.keptFieldPrefix + series] = Self.kept(fieldValue)
                        buckets = []
                        break
                    }
                    buckets.append(bucket)
                }
                samples += buckets
            case "metadata":
                if case .map(let inner) = fieldValue {
                    for (innerName, innerValue) in inner.fields where innerValue != .null { metadata[innerName] = Self.kept(innerValue) }
                } else if fieldValue != .null {
                    metadata[Self.keptFieldPrefix + fieldName] = Self.kept(fieldValue)
                }
            default:
                if fieldValue != .null { metadata[Self.keptFieldPrefix + fieldName] = Self.kept(fieldValue) }
            }
        }
        if statistics.isEmpty, let average = try rate(workout, "avgHeartRate", field: field) {
            let maximum = try rate(workout, "maxHeartRate", field: field)
            statistics.append(WorkoutStatistic(type: HealthAutoExportMetric.heartRateType, average: average.value, maximum: maximum?.value, unit: average.unit))
        }
        let payload = WorkoutRecorded(
            activityType: activityType, duration: duration, totalDistance: distance, totalEnergyBurned: energy, statistics: statistics,
            route: route, samples: samples, metadata: metadata)
        // The app's id is HealthKit's for the workout: a workout sent again with more of it (a
        // longer route, a later end) finds the one held and corrects it. Without one, its start.
        let id = key.isEmpty
            ? identity.id(Self.idNamespace + ".workout", ["typed", name, String(start.micros)])
            : identity.id(Self.idNamespace + ".workout", ["typed", "id", key])
        return Event(payload, id: id, start: start, end: end, utcOffset: offset, source: source)
    }

    /// The app's series inside a workout → the HealthKit quantity and whether it is a rate
    /// (averaged in a bucket) rather than an amount (summed).
    static let workoutSeries: [String: (type: String, isRate: Bool)] = [
        "heartRateData": (HealthAutoExportMetric.heartRateType, true), "heartRateRecovery": (HealthAutoExportMetric.heartRateType, true),
        "activeEnergy": ("HKQuantityTypeIdentifierActiveEnergyBurned", false), "basalEnergy": ("HKQuantityTypeIdentifierBasalEnergyBurned", false),
        "stepCount": ("HKQuantityTypeIdentifierStepCount", false), "walkingAndRunningDistance": ("HKQuantityTypeIdentifierDistanceWalkingRunning", false),
        "cyclingCadence": ("HKQuantityTypeIdentifierCyclingCadence", true), "cyclingDistance": ("HKQuantityTypeIdentifierDistanceCycling", false),
        "cyclingPower": ("HKQuantityTypeIdentifierCyclingPower", true), "cyclingSpeed": ("HKQuantityTypeIdentifierCyclingSpeed", true),
        "swimDistance": ("HKQuantityTypeIdentifierDistanceSwimming", false), "swimStroke": ("HKQuantityTypeIdentifierSwimmingStrokeCount", false),
    ]

    /// `{"qty", "units"}` in a unit HealthKit spells, or nil for another unit.
    private func quantity(_ value: DocValue, field: String) throws(ImportError) -> Quantity? {
        guard case .map(let object) = value else { throw .malformed(path, column: field, "is not an object with qty and units") }
        let amount = try number(object, "qty", field: field)
        guard amount >= 0 else { throw .malformed(path, column: field + ".qty", "\(amount) is negative") }
        guard case .string(let units)? = object["units"], let unit = Self.unit(units) else { return nil }
        return Quantity(value: amount, unit: unit.symbol)
    }

    private func rate(_ workout: Document, _ name: String, field: String) throws(ImportError) -> Quantity? {
        guard let value = workout[name], value != .null else { return nil }
        return try quantity(value, field: "\(field).\(name)")
    }

    /// `{"min", "avg", "max"}`, each `{"qty", "units"}`, as one statistic.
    private func heartRate(_ value: DocValue, field: String) throws(ImportError) -> WorkoutStatistic? {
        guard case .map(let object) = value else { throw .malformed(path, column: field, "is not an object with min, avg and max") }
        var parts: [String: Quantity] = [:]
        for part in ["min", "avg", "max"] {
            guard let given = object[part], given != .null else { continue }
            guard let quantity = try quantity(given, field: "\(field).\(part)") else { return nil }
            parts[part] = quantity
        }
        guard let unit = parts.values.first?.unit, parts.values.allSatisfy({ $0.unit == unit }) else { return nil }
        if let low = parts["min"]?.value, let high = parts["max"]?.value, low > high {
            throw .malformed(path, column: field + ".min", "\(low) is above max \(high)")
        }
        return WorkoutStatistic(type: HealthAutoExportMetric.heartRateType, average: parts["avg"]?.value, minimum: parts["min"]?.value,
                                maximum: parts["max"]?.value, unit: unit)
    }

    /// A bucket `{"date", "qty"|"Min"/"Avg"/"Max", "units"}`; nil when its unit is not one HealthKit spells.
    private func bucket(_ value: DocValue, type: String, isRate: Bool, from start: Timestamp, field: String) throws(ImportError) -> WorkoutSample? {
        guard case .map(let point) = value else { throw .malformed(path, column: field, "is not an object") }
        let (time, _) = try date(point, "date", field: field)
        let unit: HealthUnit?
        if case .string(let units)? = point["units"] { unit = Self.unit(units) } else { unit = type == HealthAutoExportMetric.heartRateType ? HealthUnit.named("count/min") : nil }
        guard let unit else { return nil }
        let offset = Double(time.micros - start.micros) / 1e6
        var statistic = WorkoutStatistic(type: type, unit: unit.symbol)
        if point["Avg"] != nil || point["Min"] != nil || point["Max"] != nil {
            statistic.average = try point["Avg"] == nil ? nil : number(point, "Avg", field: field)
            statistic.minimum = try point["Min"] == nil ? nil : number(point, "Min", field: field)
            statistic.maximum = try point["Max"] == nil ? nil : number(point, "Max", field: field)
            if let low = statistic.minimum, let high = statistic.maximum, low > high {
                throw .malformed(path, column: field + ".Min", "\(low) is above Max \(high)")
            }
        } else if isRate {
            statistic.average = try number(point, "qty", field: field)
        } else {
            statistic.sum = try number(point, "qty", field: field)
        }
        return WorkoutSample(offset: offset, statistic: statistic)
    }

    /// `{"latitude", "longitude", "altitude", "timestamp", "speed", "course", …}` (version 1:
    /// `lat`, `lon`); nil for a point without a time, which a route point needs.
    private func routePoint(_ value: DocValue, from start: Timestamp, field: String) throws(ImportError) -> RoutePoint? {
        guard case .map(let point) = value else { throw .malformed(path, column: field, "is not an object") }
        guard point["timestamp"] != nil else { return nil }
        let latitude = try number(point, point["lat"] != nil ? "lat" : "latitude", field: field)
        let longitude = try number(point, point["lon"] != nil ? "lon" : "longitude", field: field)
        guard (-90...90).contains(latitude) else { throw .malformed(path, column: field + ".latitude", "\(latitude) is not within −90…90") }
        guard (-180...180).contains(longitude) else { throw .malformed(path, column: field + ".longitude", "\(longitude) is not within −180…180") }
        let (time, _) = try date(point, "timestamp", field: field)
        func optional(_ name: String) throws(ImportError) -> Double? {
            guard point[name] != nil, point[name] != .null else { return nil }
            return try number(point, name, field: field)
        }
        // Core Location writes −1 for a speed, course or accuracy it does not know.
        func measured(_ name: String) throws(ImportError) -> Double? {
            guard let value = try optional(name), value >= 0 else { return nil }
            return value
        }
        var course = try measured("course")
        if let known = course, known > 360 { course = nil }
        return RoutePoint(
            latitude: latitude, longitude: longitude, altitude: try optional("altitude"), offset: max(Double(time.micros - start.micros) / 1e6, 0),
            speed: try measured("speed"), course: course, horizontalAccuracy: try measured("horizontalAccuracy"),
            verticalAccuracy: try measured("verticalAccuracy"))
    }

    /// A field kept in the metadata: `350 kcal` for a quantity, the text of a scalar, JSON otherwise.
    static func kept(_ value: DocValue) -> String {
        switch value {
        case .map(let object):
            if let amount = object["qty"], case .string(let units)? = object["units"], object.fields.count == 2 { return text(amount) + " " + units }
            return JSONWriter.string(object)
        case .array:
            var out = ""
            JSONWriter.write(value, into: &out)
            return out
        default: return text(value)
        }
    }
}

private extension DocValue {
    /// `{"qty": …, "units": …}`.
    var isQuantityObject: Bool {
        guard case .map(let object) = self else { return false }
        return object["qty"] != nil
    }
}
