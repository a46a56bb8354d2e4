/// The improved maintenance estimator, algorithm v2: energy balance over the whole window.
///
/// v1 compares an EWMA of intake, which mostly reflects the window's last week, with a
/// weight slope fitted over all 28 days, so any change of intake inside the window biases
/// it; and it fills unlogged days with an average that then counts as data. v2 instead:
/// - averages intake over the logged days only (an unlogged day is skipped, not guessed);
/// - fits the trend weight — the least-squares line through the logged days' weights —
///   over the same days, so intake and weight change describe the same period;
/// - takes maintenance = mean intake − slope·ρ (the energy balance), with the seed's clamp;
/// - gives it a standard error from the spread of intake and the slope's residuals, and
///   shrinks it toward the 2000 kcal baseline by precision (a prior of 2000 ± 500 kcal)
///   rather than by coverage, so good data are not pulled toward the baseline;
/// - reports a 95% interval. Data that fail the seed's validity test give the baseline
///   with confidence 0, as in v1.
public enum CalorieAlgorithmV2 {
    /// The standard deviation of the baseline used as a prior, kcal/day.
    public static let priorDeviation = 500.0
    /// Two-sided 95% normal quantile.
    static let z95 = 1.959964

    public static func estimate(intake: [Double?], weight: [Double?]) -> MaintenanceEstimate {
        let v1 = CalorieAlgorithmV1.self
        let weightCoverage = SeriesCoverage(weight, minPoints: v1.minWeightPoints)
        let calorieCoverage = SeriesCoverage(intake, minPoints: v1.minCaloriePoints)
        let logged = intake.compactMap { $0 }
        let points = weight.enumerated().compactMap { day, kg in kg.map { (x: Double(day), y: $0) } }
        let slope = LeastSquares.slope(points)
        let weeklyRate = v1.clampedWeeklyRate(slope ?? 0)
        let meanIntake = logged.isEmpty ? nil : logged.reduce(0, +) / Double(logged.count)
        let raw = meanIntake.map { $0 - weeklyRate * v1.energyDensity / 7 }
        let trendWeight = slope.map { slope in
            let meanX = points.map(\.x).reduce(0, +) / Double(points.count)
            let meanY = points.map(\.y).reduce(0, +) / Double(points.count)
            return meanY + slope * (Double(weight.count - 1) - meanX)
        }
        let isValid = weightCoverage.isValid && calorieCoverage.isValid && raw != nil
        var estimate = MaintenanceEstimate(
            algorithm: 2, maintenance: v1.baseline, raw: raw, intake: meanIntake, slope: slope, weeklyRate: weeklyRate,
            weight: weightCoverage, calories: calorieCoverage, confidence: 0, isValid: isValid,
            interval: (v1.baseline - z95 * priorDeviation)...(v1.baseline + z95 * priorDeviation), trendWeight: trendWeight)
        guard isValid, let raw, let meanIntake else { return estimate }
        let intakeVariance = logged.map { ($0 - meanIntake) * ($0 - meanIntake) }.reduce(0, +) / Double(max(1, logged.count - 1)) / Double(logged.count)
        let slopeError = (LeastSquares.slopeStandardError(points) ?? 0) * v1.energyDensity
        let precision = 1 / max(intakeVariance + slopeError * slopeError, 1e-9)
        let priorPrecision = 1 / (priorDeviation * priorDeviation)
        let maintenance = (raw * precision + v1.baseline * priorPrecision) / (precision + priorPrecision)
        let halfWidth = z95 / (precision + priorPrecision).squareRoot()
        estimate.maintenance = maintenance
        estimate.interval = (maintenance - halfWidth)...(maintenance + halfWidth)
        estimate.confidence = min(weightCoverage.confidence, calorieCoverage.confidence)
        return estimate
    }
}
