/// A mood rating on a scale chosen per event (schema 2).
///
/// Schema 1 had `rating` on a fixed 1…5 scale and `note`; the Migrations upcaster turns it
/// into schema 2 with `scaleMin` 1 and `scaleMax` 5. This type reads schema 2 only.
public struct MoodRated: ScaledRating {
    public static let kind = EventKind.moodRated
    public static let schema = 2

    public var rating: Double
    public var scaleMin: Double
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
