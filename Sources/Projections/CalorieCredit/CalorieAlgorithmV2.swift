/// The improved maintenance estimator, algorithm v2: energy balance day by day over the window.
///
/// v1 compares an EWMA of intake, which mostly reflects the window's last week, with a
/// straight line fitted to weights over all 28 days; when intake changes inside the
/// window (a diet starts) the two describe different periods and the estimate is biased.
/// v2 fits maintenance M directly to the model the seed's formula comes from: weight on
/// day t is w₀ + Σ_{i<t}(Cᵢ − M)/ρ plus noise. So it removes the known intake from each
/// weight — aᵗ = wₜ − Σ_{i<t} Cᵢ/ρ, the trend of the energy-adjusted weight — and fits a
/// line to aₜ, whose slope is −M/ρ:
/// - an unlogged weight day is skipped; an unlogged intake day enters the sum as the
///   mean of the logged days (the only guess available) but is not counted as data;
/// - the implied weekly rate (mean intake − M)·7/ρ keeps the seed's clamp;
/// - valid data give M as fitted, not blended toward the 2000 kcal baseline by coverage:
///   blending pulls every estimate toward 2000 and biases it (in `calorie-sim`, shrinking
///   by precision toward 2000 ± 500 kcal turned a +9 kcal/day bias into −17);
/// - the standard error of the slope, widened for water weight's day-to-day persistence,
///   gives a 95% interval;
/// - the trend weight is the fitted line plus the intake sum on the window's last day.
/// - the window is 42 days, not 28: a line's slope over 1.5× the days has about half the
///   error, and a diet start's water loss spreads over more days (`calorie-sim`: SD 161
///   against 220 kcal/day with 28 days). Coverage and validity keep the seed's rules.
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
        // Σ_{i<t} Cᵢ for every day t of the window.
        var eatenBefore: [Double] = [0]
        for value in intake.dropLast() { eatenBefore.append(eatenBefore.last! + (value ?? meanIntake ?? 0)) }
        let adjusted = weight.enumerated().compactMap { day, kg in kg.map { (x: Double(day), y: $0 - eatenBefore[day] / ρ) } }
        let adjustedSlope = LeastSquares.slope(adjusted)
        let weightSlope = LeastSquares.slope(weight.enumerated().compactMap { day, kg in kg.map { (Double(day), $0) } })
        let raw = meanIntake.flatMap { mean in
            adjustedSlope.map { slope in
                let rate = v1.clampedWeeklyRate((mean + slope * ρ) / ρ)
                return mean - rate * ρ / 7
            }
        }
        let weeklyRate = raw.flatMap { raw in meanIntake.map { ($0 - raw) * 7 / ρ } } ?? v1.clampedWeeklyRate(weightSlope ?? 0)
        let trendWeight = adjustedSlope.map { slope in
            let meanX = adjusted.map(\.x).reduce(0, +) / Double(adjusted.count)
            let meanY = adjusted.map(\.y).reduce(0, +) / Double(adjusted.count)
            let last = weight.count - 1
            return meanY + slope * (Double(last) - meanX) + eatenBefore[last] / ρ
        }
        let isValid = weightCoverage.isValid && calorieCoverage.isValid && raw != nil
        var estimate = MaintenanceEstimate(
            algorithm: 2, maintenance: v1.baseline, raw: raw, intake: meanIntake, slope: weightSlope, weeklyRate: weeklyRate,
            weight: weightCoverage, calories: calorieCoverage, confidence: 0, isValid: isValid,
            trendWeight: trendWeight)
        guard isValid, let raw else { return estimate }
        let halfWidth = z95 * (LeastSquares.slopeStandardError(adjusted) ?? 0) * ρ
        estimate.maintenance = raw
        estimate.interval = (raw - halfWidth)...(raw + halfWidth)
        estimate.confidence = min(weightCoverage.confidence, calorieCoverage.confidence)
        return estimate
    }
}
