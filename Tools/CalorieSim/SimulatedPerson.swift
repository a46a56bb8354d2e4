import DemoData

/// A person whose true expenditure is known, living through diet phases, with the noise
/// real logs have: day-to-day intake swings, water weight that drifts from day to day and
/// drops when a diet starts, scale error, and days nothing was logged.
struct SimulatedPerson {
    /// What really happened on one day, and what the logs show.
    struct Day {
        var trueExpenditure: Double
        var loggedIntake: Double?
        var loggedWeight: Double?
    }

    /// Days, and the mean intake from that day on.
    static let phases: [(start: Int, intake: Double)] = [(0, 2600), (120, 1900), (300, 2350), (420, 2900), (520, 2200), (640, 2600)]
    static let days = 760
    /// kcal/day per kg of body mass above or below 80 kg: expenditure follows weight.
    static let expenditurePerKg = 22.0
    static let baseExpenditure = 2550.0
    static let intakeNoise = 350.0
    /// Water weight is AR(1): each day keeps this share of yesterday's and adds fresh noise.
    static let waterPersistence = 0.8
    static let waterNoise = 0.25
    /// kg of glycogen-bound water lost over the first days of a diet (and regained after it).
    static let dietWaterDrop = 1.2
    static let scaleNoise = 0.1
    static let missedIntake = 0.25
    static let missedWeight = 0.35

    static func simulate(seed: UInt64) -> [Day] {
        var random = SeededRandom(seed: seed)
        var mass = 80.0, water = 0.0, waterLevel = 0.0
        var result: [Day] = []
        for day in 0..<days {
            let phase = phases.last { $0.start <= day }!
            let previous = phases.last { $0.start < phase.start }
            if day == phase.start, let previous {
                // A cut in intake empties glycogen and its water; a rise refills it.
                waterLevel = phase.intake < previous.intake ? -dietWaterDrop : 0
            }
            let expenditure = baseExpenditure + expenditurePerKg * (mass - 80)
            let intake = max(0, phase.intake + intakeNoise * random.gaussian(mean: 0, deviation: 1))
            water = waterPersistence * water + (1 - waterPersistence) * waterLevel + waterNoise * random.gaussian(mean: 0, deviation: 1)
            let observed = mass + water + scaleNoise * random.gaussian(mean: 0, deviation: 1)
            result.append(Day(
                trueExpenditure: expenditure,
                loggedIntake: Double.random(in: 0..<1, using: &random) < missedIntake ? nil : intake,
                loggedWeight: Double.random(in: 0..<1, using: &random) < missedWeight ? nil : observed))
            mass += (intake - expenditure) / 7700
        }
        return result
    }
}
