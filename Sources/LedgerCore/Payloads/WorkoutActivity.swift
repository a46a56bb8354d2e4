/// One part of a workout that has several (iOS 16+): a triathlon's swim, ride and run, or an
/// interval of a pool swim, each with its own events and statistics.
///
/// Every offset inside it, its events' included, counts from the workout's start, so all the
/// times in a workout payload share one origin.
public struct WorkoutActivity: Hashable, Sendable {
    /// HealthKit's id of the activity, as exported.
    public var uuid: String
    /// Seconds from the workout's start.
    public var offset: Double
    /// Seconds.
    public var duration: Double?
    public var events: [WorkoutEvent]
    public var statistics: [WorkoutStatistic]
    public var metadata: [String: String]

    public init(
        uuid: String, offset: Double, duration: Double? = nil, events: [WorkoutEvent] = [], statistics: [WorkoutStatistic] = [],
        metadata: [String: String] = [:]
    ) {
        self.uuid = uuid
        self.offset = offset
        self.duration = duration
        self.events = events
        self.statistics = statistics
        self.metadata = metadata
    }

    init(document: Document) throws(ValidationError) {
        uuid = try Rule.nonEmpty(document.string("uuid"), "uuid")
        offset = try Rule.nonNegative(document.double("offset"), "offset")
        duration = try Rule.nonNegativeIfPresent(document.optionalDouble("duration"), "duration")
        events = try document.items("events", WorkoutEvent.init(document:))
        statistics = try document.items("statistics", WorkoutStatistic.init(document:))
        metadata = try document.stringMap("metadata")
    }

    var document: Document {
        var document: Document = ["uuid": .string(uuid), "offset": .double(offset)]
        document.set("duration", duration.doc)
        if !events.isEmpty { document["events"] = .array(events.map { .map($0.document) }) }
        if !statistics.isEmpty { document["statistics"] = .array(statistics.map { .map($0.document) }) }
        document.setMap("metadata", metadata, DocValue.string)
        return document
    }
}
