/// A mood rating on a scale chosen per event (schema 2).
///
/// Schema 1 had `rating` on a fixed 1…5 scale and `note`; the Migrations upcaster turns it
/// into schema 2 with `scaleMin` 1 and `scaleMax` 5. This type reads schema 2 only.
public typealias MoodRated = ScaledRating<MoodRating>

public enum MoodRating: RatingKind {
    public static let kind = EventKind.moodRated
    public static let schema = 2
}
