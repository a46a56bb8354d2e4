/// An estimate of daily maintenance energy (TDEE) and every number it was made from.
public struct MaintenanceEstimate: Equatable, Sendable {
    /// The algorithm that made it: 1 (the seed's) or 2.
    public var algorithm: Int
    /// kcal/day after blending toward the baseline.
    public var maintenance: Double
    /// kcal/day before blending; nil when there was no intake to start from.
    public var raw: Double?
    /// v1: the EWMA of intake on the window's last day; v2: the mean of logged days.
    public var intake: Double?
    /// The least-squares weight slope, kg/day, before clamping.
    public var slope: Double?
    /// The slope as kg/week after the physiological clamp (0 without a slope).
    public var weeklyRate: Double
    public var weight: SeriesCoverage
    public var calories: SeriesCoverage
    /// 0…1; 0 whenever the data are not valid.
    public var confidence: Double
    public var isValid: Bool
    /// v2: a 95% interval around `maintenance`, kcal/day.
    public var interval: ClosedRange<Double>?
    /// v2: the trend weight on the window's last day, kg.
    public var trendWeight: Double?
}
