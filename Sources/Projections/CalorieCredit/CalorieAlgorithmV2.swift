import Numerical

/// The improved maintenance estimator, algorithm v2: energy balance day by day over the window.
///
/// v1 compares an EWMA of intake, which mostly reflects the window's last week, with a
/// straight line fitted to weights over all 28 days; when intake changes inside the
/// window (a diet starts) the two describe different periods and the estimate is biased.
/// v2 follows the model the seed's formula comes from — tissue on day t + 1 is tissue on
/// day t plus (Cₜ − M)/ρ — with a Kalman filter (`EnergyBalanceFilter`) that also carries
/// water weight, which persists for days, and the scale's error:
/// - an unlogged weight day is skipped; an unlogged intake day enters as the mean of the
///   logged days, with their spread as its uncertainty, and is not counted as data;
/// - the implied weekly rate (mean intake − M)·7/ρ keeps the seed's clamp;
/// - valid data give M as estimated, not blended toward the 2000 kcal baseline by
///   coverage: blending pulls every estimate toward 2000 and biases it (in `calorie-sim`,
///   shrinking by precision toward 2000 ± 500 kcal turned a +9 kcal/day bias into −17);
/// - the filter's variance of M gives the 95% interval;
/// - the trend weight is the filter's tissue mass on the window's last day: the scale's
///   reading with water's wandering and the scale's error taken out;
/// - the window is 42 days, not 28: the estimate's error falls with the days it spans,
///   and a diet start's water loss spreads over more days (`calorie-sim` compares).
///   Coverage and validity keep the seed's rules.
/// Data that fail the seed's validity test give the baseline with confidence 0, as in v1.
public enum CalorieAlgorithmV2 {
    public static let windowDays = 42
    /// Two-sided 95% normal quantile.
    static let z95 = 1.959964

    public static func estimate(intake: [Double?], weight: [Double?]) -> MaintenanceEstimate {
        let v1 = CalorieAlgorithmV1.self
        let ρ = v1.energyDensity
        let weightCoverage = SeriesCoverage(weight, minPoints: v1.minWeightPoints)
        let calorieCoverage = SeriesCoverage(intake, minPoints: v1.minCaloriePoints)
        let logged = intake.compactMap { $0 }
        let meanIntake = logged.isEmpty ? nil : logged.reduce(0, +) / Double(logged.count)
        let weightSlope = LeastSquares.slope(weight.enumerated().compactMap { day, kg in kg.map { (Double(day), $0) } })
        let filter = EnergyBalanceFilter.run(intake: intake, weight: weight, energyDensity: ρ)
        let raw = meanIntake.flatMap { mean in
            filter.map { filter in mean - v1.clampedWeeklyRate((mean - filter.maintenance) / ρ) * ρ / 7 }
        }
        let weeklyRate = raw.flatMap { raw in meanIntake.map { ($0 - raw) * 7 / ρ } } ?? v1.clampedWeeklyRate(weightSlope ?? 0)
        let isValid = weightCoverage.isValid && calorieCoverage.isValid && raw != nil
        var estimate = MaintenanceEstimate(
            algorithm: 2, maintenance: v1.baseline, raw: raw, intake: meanIntake, slope: weightSlope, weeklyRate: weeklyRate,
            weight: weightCoverage, calories: calorieCoverage, confidence: 0, isValid: isValid,
            trendWeight: filter?.tissue)
        guard isValid, let raw, let filter else { return estimate }
        let halfWidth = z95 * filter.maintenanceVariance.squareRoot()
        estimate.maintenance = raw
        estimate.interval = (raw - halfWidth)...(raw + halfWidth)
        estimate.confidence = min(weightCoverage.confidence, calorieCoverage.confidence)
        return estimate
    }
}
