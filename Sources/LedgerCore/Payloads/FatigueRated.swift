/// A fatigue rating on a scale chosen per event, 1…10 unless the event says otherwise.
public struct FatigueRated: ScaledRating {
    public static let kind = EventKind.fatigueRated
    public static let schema = 1

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
