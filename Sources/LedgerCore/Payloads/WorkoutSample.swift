/// One bucket of one quantity during a workout (or just after it: heart-rate recovery), as an
/// app aggregated it: Health Auto Export's `heartRateData` minutes with their `Min`/`Avg`/`Max`,
/// or its per-minute energy, steps and distance.
///
/// Kept inside the workout rather than as samples of their own: the same minutes usually
/// arrive again as the app's `heart_rate` metric, and the day's figures must count them once.
public struct WorkoutSample: Hashable, Sendable {
    /// Seconds from the workout's start to the bucket's start; negative for a minute that began
    /// before the workout did.
    public var offset: Double
    /// The quantity and its value in the bucket: `average`, `minimum` and `maximum` for a rate,
    /// `sum` for an amount.
    public var statistic: WorkoutStatistic

    public init(offset: Double, statistic: WorkoutStatistic) {
        self.offset = offset
        self.statistic = statistic
    }

    init(document: Document) throws(ValidationError) {
        offset = try document.double("offset")
        try Rule.finite(offset, "offset")
        statistic = try WorkoutStatistic(document: document)
    }

    var document: Document {
        var document: Document = ["offset": .double(offset)]
        for (name, value) in statistic.document.fields { document[name] = value }
        return document
    }
}
