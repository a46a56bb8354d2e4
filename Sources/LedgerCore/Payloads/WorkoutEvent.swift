/// Something that happened during a workout: a pause, a resume, a lap, a segment, a marker.
public struct WorkoutEvent: Hashable, Sendable {
    /// e.g. `HKWorkoutEventTypePause`.
    public var type: String
    /// Seconds from the workout's start.
    public var offset: Double
    /// Seconds, for events that span time (laps, segments).
    public var duration: Double?
    /// The event's own HealthKit metadata (a segment's index, a lap's length); left out of
    /// the document when empty, so events written before it decode unchanged.
    public var metadata: [String: String]

    public init(type: String, offset: Double, duration: Double? = nil, metadata: [String: String] = [:]) {
        self.type = type
        self.offset = offset
        self.duration = duration
        self.metadata = metadata
    }

    init(document: Document) throws(ValidationError) {
        type = try Rule.nonEmpty(document.string("type"), "type")
        offset = try Rule.nonNegative(document.double("offset"), "offset")
        duration = try Rule.nonNegativeIfPresent(document.optionalDouble("duration"), "duration")
        metadata = try document.stringMap("metadata")
    }

    var document: Document {
        var document: Document = ["type": .string(type), "offset": .double(offset)]
        document.set("duration", duration.doc)
        document.setMap("metadata", metadata, DocValue.string)
        return document
    }
}
