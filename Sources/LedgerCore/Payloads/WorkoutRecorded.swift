/// A workout with its totals, per-type statistics, events (pauses, laps), activities and GPS route.
///
/// Times inside the workout are offsets in seconds from the envelope's start, so the
/// payload does not repeat absolute instants; importers convert Health's dates to offsets.
public struct WorkoutRecorded: EventPayload {
    public static let kind = EventKind.workoutRecorded
    public static let schema = 1

    /// e.g. `HKWorkoutActivityTypeRunning`.
    public var activityType: String
    /// Seconds.
    public var duration: Double
    public var totalDistance: Quantity?
    public var totalEnergyBurned: Quantity?
    public var statistics: [WorkoutStatistic]
    public var events: [WorkoutEvent]
    public var route: [RoutePoint]
    /// The parts of a multi-part workout (iOS 16+); left out of the document when empty, so
    /// workouts recorded before activities existed read and encode as they always did.
    public var activities: [WorkoutActivity]
    /// Buckets an app aggregated during the workout (heart rate by the minute); left out of the
    /// document when empty, as `activities` are.
    public var samples: [WorkoutSample]
    public var metadata: [String: String]

    public init(
        activityType: String, duration: Double, totalDistance: Quantity? = nil, totalEnergyBurned: Quantity? = nil,
        statistics: [WorkoutStatistic] = [], events: [WorkoutEvent] = [], route: [RoutePoint] = [],
        activities: [WorkoutActivity] = [], samples: [WorkoutSample] = [], metadata: [String: String] = [:]
    ) {
        self.activityType = activityType
        self.duration = duration
        self.totalDistance = totalDistance
        self.totalEnergyBurned = totalEnergyBurned
        self.statistics = statistics
        self.events = events
        self.route = route
        self.activities = activities
        self.samples = samples
        self.metadata = metadata
    }

    public init(document: Document) throws(ValidationError) {
        do throws(ValidationError) {
            activityType = try Rule.nonEmpty(document.string("activityType"), "activityType")
            duration = try Rule.nonNegative(document.double("duration"), "duration")
            totalDistance = try Self.total(document, "totalDistance")
            totalEnergyBurned = try Self.total(document, "totalEnergyBurned")
            statistics = try document.items("statistics", WorkoutStatistic.init(document:))
            events = try document.items("events", WorkoutEvent.init(document:))
            route = try document.item("route", RoutePoint.decodeRoute) ?? []
            activities = try document.items("activities", WorkoutActivity.init(document:))
            samples = try document.items("samples", WorkoutSample.init(document:))
            metadata = try document.stringMap("metadata")
        } catch { throw error.tagged(Self.kind) }
    }

    public var document: Document {
        var document: Document = ["activityType": .string(activityType), "duration": .double(duration)]
        if let totalDistance {
            document["totalDistance"] = .double(totalDistance.value)
            document["totalDistanceUnit"] = .string(totalDistance.unit)
        }
        if let totalEnergyBurned {
            document["totalEnergyBurned"] = .double(totalEnergyBurned.value)
            document["totalEnergyBurnedUnit"] = .string(totalEnergyBurned.unit)
        }
        if !statistics.isEmpty { document["statistics"] = .array(statistics.map { .map($0.document) }) }
        if !events.isEmpty { document["events"] = .array(events.map { .map($0.document) }) }
        if !route.isEmpty { document["route"] = .map(RoutePoint.encodeRoute(route)) }
        if !activities.isEmpty { document["activities"] = .array(activities.map { .map($0.document) }) }
        if !samples.isEmpty { document["samples"] = .array(samples.map { .map($0.document) }) }
        document.setMap("metadata", metadata, DocValue.string)
        return document
    }

    /// A total is a value field and its `…Unit` field; one without the other is an error.
    private static func total(_ document: Document, _ name: String) throws(ValidationError) -> Quantity? {
        guard let value = try document.optionalDouble(name) else {
            if let unit = document["\(name)Unit"] {
                throw ValidationError(field: "\(name)Unit", value: describe(unit), reason: "needs \(name) beside it")
            }
            return nil
        }
        let unit = try Rule.healthUnit(document.string("\(name)Unit"), "\(name)Unit")
        return Quantity(value: try Rule.nonNegative(value, name), unit: unit)
    }
}
