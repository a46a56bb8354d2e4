/// A fatigue rating on a scale chosen per event.
///
/// The default scale is 1…10 (Introspective lets each person choose theirs).
public struct FatigueRated: EventPayload {
    public static let kind = EventKind.fatigueRated
    public static let schema = 1

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

    public init(document: Document) throws(ValidationError) {
        do throws(ValidationError) {
            rating = try document.double("rating")
            scaleMin = try document.optionalDouble("scaleMin") ?? 1
            scaleMax = try document.optionalDouble("scaleMax") ?? 10
            try RatingScale.validate(rating: rating, scaleMin: scaleMin, scaleMax: scaleMax)
            note = try document.optionalString("note")
            tags = try document.strings("tags")
        } catch { throw error.tagged(Self.kind) }
    }

    public var document: Document {
        RatingScale.document(rating: rating, scaleMin: scaleMin, scaleMax: scaleMax, note: note, tags: tags)
    }
}
