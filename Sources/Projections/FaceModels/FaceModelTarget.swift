/// What a face model predicts: the sleep score, HRV, resting heart rate, or any daily
/// metric by its column key (`mindful_minutes`, `weight_body_mass`…).
public struct FaceModelTarget: Hashable, Sendable, CustomStringConvertible {
    public let name: String

    public static let sleepScore = "sleep-score"
    /// Built-in names and the daily metric each reads.
    static let builtIn: [String: String] = ["hrv": "heart_rate_variability", "resting-hr": "resting_heart_rate"]
    public static let defaults = [sleepScore, "hrv", "resting-hr"].map(FaceModelTarget.init(checked:))

    /// nil when `name` is neither built in nor a daily metric's key.
    public init?(name: String) {
        guard name == Self.sleepScore || Self.builtIn[name] != nil || MetricCatalog.layout.columnIndex[name] != nil else { return nil }
        self.name = name
    }

    private init(checked name: String) { self.name = name }

    public var description: String { name }

    /// How the target reads in tables: the metric's CSV header for a daily metric.
    public var label: String {
        switch name {
        case Self.sleepScore: "Sleep score (0-100)"
        case "hrv": "Heart Rate Variability (ms)"
        case "resting-hr": "Resting Heart Rate (count/min)"
        default: MetricCatalog.layout.columnIndex[name].map { MetricCatalog.columns[$0].header } ?? name
        }
    }

    /// The day's value, nil when the day has no data for it.
    public func value(in metrics: DayMetrics) -> Double? {
        if name == Self.sleepScore { return SleepScore(metrics)?.score }
        return metrics[Self.builtIn[name] ?? name]
    }
}
