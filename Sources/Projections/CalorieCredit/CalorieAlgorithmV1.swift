import Numerical

/// The seed's maintenance estimator (HealthVaults), exactly as specified: algorithm v1.
public enum CalorieAlgorithmV1 {
    public static let windowDays = 28
    public static let minimumSpanDays = 14
    public static let alpha = 0.25
    /// kcal per kg of body mass gained or lost.
    public static let energyDensity = 7700.0
    public static let baseline = 2000.0
    /// kg/week: at most 1.0 lost, 0.5 gained.
    public static let weeklyRateBounds = -1.0...0.5
    public static let minWeightPoints = 7
    public static let minCaloriePoints = 14

    /// Maintenance from one window of days, oldest first: intake in kcal and the day's
    /// weight in kg (nil where nothing was logged).
    ///
    /// The seed's confidence is one number but it defines one per series; the estimate
    /// takes the smaller of the two, because maintenance needs both the intake and the
    /// weight slope and is only as trustworthy as the weaker. Data that are not valid
    /// (either series short of points or of 14 days' span) get confidence 0, so the
    /// estimate is the 2000 kcal baseline.
    public static func estimate(intake: [Double?], weight: [Double?]) -> MaintenanceEstimate {
        let weightCoverage = SeriesCoverage(weight, minPoints: minWeightPoints)
        let calorieCoverage = SeriesCoverage(intake, minPoints: minCaloriePoints)
        let smoothed = smoothedIntake(intake)
        let slope = LeastSquares.slope(weight.enumerated().compactMap { day, kg in kg.map { (Double(day), $0) } })
        let weeklyRate = clampedWeeklyRate(slope ?? 0)
        let raw = smoothed.map { $0 - weeklyRate * energyDensity / 7 }
        let isValid = weightCoverage.isValid && calorieCoverage.isValid && raw != nil
        let confidence = isValid ? min(weightCoverage.confidence, calorieCoverage.confidence) : 0
        let maintenance = (raw ?? baseline) * confidence + baseline * (1 - confidence)
        return MaintenanceEstimate(
            algorithm: 1, maintenance: maintenance, raw: raw, intake: smoothed, slope: slope, weeklyRate: weeklyRate,
            weight: weightCoverage, calories: calorieCoverage, confidence: confidence, isValid: isValid)
    }

    /// S_t = α·C_t + (1−α)·S_{t−1} over the window, unlogged days filled with the mean of
    /// the logged ones, starting from the first day's value; nil when nothing was logged.
    public static func smoothedIntake(_ intake: [Double?]) -> Double? {
        let logged = intake.compactMap { $0 }
        guard !logged.isEmpty else { return nil }
        let average = logged.reduce(0, +) / Double(logged.count)
        let filled = intake.map { $0 ?? average }
        return filled.dropFirst().reduce(filled[0]) { smoothed, value in alpha * value + (1 - alpha) * smoothed }
    }

    /// clamp(m × 7, −1.0, +0.5) in kg/week.
    public static func clampedWeeklyRate(_ slopePerDay: Double) -> Double {
        min(max(slopePerDay * 7, weeklyRateBounds.lowerBound), weeklyRateBounds.upperBound)
    }
}
