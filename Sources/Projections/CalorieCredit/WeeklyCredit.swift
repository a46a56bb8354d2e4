/// The seed's calorie credit: what was left unspent earlier in the week, spread over the days left.
public struct WeeklyCredit: Equatable, Sendable {
    /// B: maintenance plus the person's daily adjustment, kcal.
    public let base: Double
    /// d: days of the week before today.
    public let daysElapsed: Int
    /// Σ C_i over those days (an unlogged day counts 0, as the formula reads).
    public let eaten: Double
    /// Credit_t = B·d − Σ C_i.
    public var credit: Double { base * Double(daysElapsed) - eaten }
    /// D: days left including today.
    public var daysRemaining: Int { 7 - daysElapsed }
    /// B′_t = B + Credit_t / D.
    public var adjustedBudget: Double { base + credit / Double(daysRemaining) }

    /// The credit on a day `daysElapsed` days into the week, given the intake of the days before it.
    public init(base: Double, earlierIntake: [Double?]) {
        precondition(earlierIntake.count < 7, "a week has at most six days before today")
        self.base = base
        daysElapsed = earlierIntake.count
        eaten = earlierIntake.compactMap { $0 }.reduce(0, +)
    }
}
