/// Which rating a `ScaledRating` is: its kind and schema.
public protocol RatingKind: Sendable {
    static var kind: EventKind { get }
    static var schema: Int { get }
}

/// Mood and fatigue: a rating on a scale chosen per event, so that changing the scale in
/// settings never changes what an old rating meant.
public struct ScaledRating<Rated: RatingKind>: EventPayload {
    public static var kind: EventKind { Rated.kind }
    public static var schema: Int { Rated.schema }

    public var rating: Double
    /// The lowest rating of this event's scale; 1 when the document leaves it out.
    public var scaleMin: Double
    /// The highest rating of this event's scale; 10 when the document leaves it out.
    public var scaleMax: Double
    public var note: String?
    public var tags: [String]

    public init(rating: Double, scaleMin: Double = 1, scaleMax: Double = 10, note: String? = nil, tags: [String] = []) {
        self.rating = rating
        self.scaleMin = scaleMin
        self.scaleMax = scaleMax
        self.note = note
        self.tags = tags
    }
}

extension ScaledRating {
    public init(document: Document) throws(ValidationError) {
        do throws(ValidationError) {
            let rating = try document.double("rating")
            let scaleMin = try document.optionalDouble("scaleMin") ?? 1
            let scaleMax = try document.optionalDouble("scaleMax") ?? 10
            try Rule.finite(scaleMin, "scaleMin")
            try Rule.finite(scaleMax, "scaleMax")
            guard scaleMin < scaleMax else {
                throw ValidationError(field: "scaleMax", value: describe(.double(scaleMax)), reason: "must be greater than scaleMin \(JSONWriter.formatDouble(scaleMin))")
            }
            _ = try Rule.within(rating, scaleMin...scaleMax, "rating")
            self.init(rating: rating, scaleMin: scaleMin, scaleMax: scaleMax, note: try document.optionalString("note"), tags: try document.strings("tags"))
        } catch { throw error.tagged(Self.kind) }
    }

    public var document: Document {
        var document: Document = ["rating": .double(rating), "scaleMin": .double(scaleMin), "scaleMax": .double(scaleMax)]
        document.set("note", note.doc)
        document.setStrings("tags", tags)
        return document
    }
}
