/// A fatigue rating on a scale chosen per event, 1…10 unless the event says otherwise.
public typealias FatigueRated = ScaledRating<FatigueRating>

public enum FatigueRating: RatingKind {
    public static let kind = EventKind.fatigueRated
    public static let schema = 1
}
