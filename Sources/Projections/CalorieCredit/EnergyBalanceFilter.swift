/// A Kalman filter over one window of days that separates what the scale says into tissue,
/// which moves only by the energy balance, and water, which wanders and returns.
///
/// State, each morning: tissue mass m (kg), maintenance M (kcal/day), water u (kg, around 0).
/// - overnight m ← m + (C − M)/ρ, C that day's intake; an unlogged day enters as the mean
///   of the logged days within a week of it, with the window's spread of intake as its
///   uncertainty; a logged day carries a 5% logging error;
/// - M ← M plus a small drift (expenditure follows body mass and activity);
/// - u ← φ·u plus fresh noise: water weight persists for days (φ = 0.8);
/// - the scale reads m + u plus its own error.
/// Its outputs are the maintenance with its variance (the interval) and m on the window's
/// last day, the trend weight. Parameters are physiological priors, not fitted per person:
/// 42 days hold too few weighings to estimate water's persistence reliably (the residual
/// autocorrelation that v2 first used came out low and its 95% interval held the truth on
/// only 71% of simulated days).
struct EnergyBalanceFilter {
    static let waterPersistence = 0.8
    /// SD of each day's fresh water change, kg; stationary SD 0.25/√(1−0.8²) ≈ 0.42 kg.
    static let waterNoise = 0.25
    static let scaleNoise = 0.1
    /// SD of maintenance's day-to-day drift, kcal/day.
    static let maintenanceDrift = 5.0
    /// SD of the first guess at maintenance around the mean intake, kcal/day.
    static let maintenancePrior = 1000.0
    static let loggingError = 0.05
    /// Intake SD assumed for an unlogged day when fewer than two days were logged.
    static let defaultIntakeSpread = 500.0

    private(set) var state: [Double]
    private(set) var covariance: [[Double]]
    let energyDensity: Double

    /// Starts at the first weighing with maintenance unknown around `meanIntake`.
    init(firstWeight: Double, meanIntake: Double, energyDensity: Double) {
        self.energyDensity = energyDensity
        let waterVariance = Self.waterNoise * Self.waterNoise / (1 - Self.waterPersistence * Self.waterPersistence)
        state = [firstWeight, meanIntake, 0]
        covariance = [
            [Self.scaleNoise * Self.scaleNoise + waterVariance, 0, -waterVariance],
            [0, Self.maintenancePrior * Self.maintenancePrior, 0],
            [-waterVariance, 0, waterVariance],
        ]
    }

    var tissue: Double { state[0] }
    var maintenance: Double { state[1] }
    var maintenanceVariance: Double { covariance[1][1] }

    /// Moves to the next morning across a day on which `intake` kcal were eaten, whose
    /// uncertainty (SD, kcal) is `intakeSpread`.
    mutating func advance(intake: Double, intakeSpread: Double, waterShift: Double = 0) {
        let ρ = energyDensity, φ = Self.waterPersistence
        let transition = [[1, -1 / ρ, 0], [0, 1, 0], [0, 0, φ]]
        state = [state[0] + (intake - state[1]) / ρ, state[1], φ * state[2]]
        var predicted = Self.product(Self.product(transition, covariance), Self.transposed(transition))
        predicted[0][0] += intakeSpread * intakeSpread / (ρ * ρ) + waterShift * waterShift
        predicted[1][1] += Self.maintenanceDrift * Self.maintenanceDrift
        predicted[2][2] += Self.waterNoise * Self.waterNoise
        covariance = predicted
    }

    /// Takes in one weighing of that morning.
    mutating func observe(weight: Double) {
        // The scale reads tissue + water: H = [1, 0, 1].
        let projected = (0..<3).map { covariance[$0][0] + covariance[$0][2] }
        let innovationVariance = projected[0] + projected[2] + Self.scaleNoise * Self.scaleNoise
        let gain = projected.map { $0 / innovationVariance }
        let innovation = weight - (state[0] + state[2])
        state = (0..<3).map { state[$0] + gain[$0] * innovation }
        covariance = (0..<3).map { row in (0..<3).map { column in covariance[row][column] - gain[row] * projected[column] } }
    }

    /// Runs the whole window: weights are mornings, intake[t] was eaten between mornings t
    /// and t + 1. Nil without a weighing or without any logged intake.
    static func run(intake: [Double?], weight: [Double?], energyDensity: Double) -> EnergyBalanceFilter? {
        let logged = intake.compactMap { $0 }
        guard !logged.isEmpty, let start = weight.firstIndex(where: { $0 != nil }), let first = weight[start] else { return nil }
        let mean = logged.reduce(0, +) / Double(logged.count)
        let spread = logged.count < 2 ? defaultIntakeSpread
            : (logged.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / Double(logged.count - 1)).squareRoot()
        var filter = EnergyBalanceFilter(firstWeight: first, meanIntake: mean, energyDensity: energyDensity)
        // The first weighing started the filter; each later morning follows the day before it.
        for day in (start + 1)..<weight.count {
            let eaten = intake[day - 1]
            let estimate = eaten ?? loggedMean(intake, max(0, day - 1 - intakeChangeDays)..<min(intake.count, day + intakeChangeDays)) ?? mean
            filter.advance(
                intake: estimate, intakeSpread: eaten.map { $0 * loggingError } ?? spread,
                waterShift: glycogenWater(intake: intake, before: day))
            if let kg = weight[day] { filter.observe(weight: kg) }
        }
        return filter
    }

    /// kg of glycogen-bound water gained or lost per kcal/day change in intake.
    static let glycogenWaterPerKcal = 1.5 / 1000
    static let intakeChangeDays = 7

    /// The SD of a water shift today: a change in intake fills or empties glycogen, and with
    /// it ~3 g of water per gram, over about a week. The change is the mean of the last
    /// week's logged intake against the week before; its effect is spread over a week.
    static func glycogenWater(intake: [Double?], before day: Int) -> Double {
        let span = intakeChangeDays
        guard day >= 2 * span else { return 0 }
        guard let recent = loggedMean(intake, (day - span)..<day), let earlier = loggedMean(intake, (day - 2 * span)..<(day - span))
        else { return 0 }
        return glycogenWaterPerKcal * abs(recent - earlier) / Double(span).squareRoot()
    }

    /// The mean of the logged days among `days`, nil when none was logged.
    static func loggedMean(_ intake: [Double?], _ days: Range<Int>) -> Double? {
        let logged = intake[days].compactMap { $0 }
        return logged.isEmpty ? nil : logged.reduce(0, +) / Double(logged.count)
    }

    private static func product(_ a: [[Double]], _ b: [[Double]]) -> [[Double]] {
        (0..<3).map { row in (0..<3).map { column in (0..<3).reduce(0) { $0 + a[row][$1] * b[$1][column] } } }
    }

    private static func transposed(_ a: [[Double]]) -> [[Double]] {
        (0..<3).map { row in (0..<3).map { column in a[column][row] } }
    }
}
