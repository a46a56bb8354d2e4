public import LedgerCore

/// Today's budget and everything it was computed from, for display and `--explain`.
public struct CalorieBudget: Sendable {
    public let day: LocalDay
    public let settings: CalorieSettings
    /// The algorithm used: the setting, unless a caller asked for another to compare.
    public let algorithm: Int
    /// The 28 (v1) or 42 (v2) days before `day`: today's intake is still being logged, so it is left out.
    public let window: ClosedRange<LocalDay>
    public let windowInputs: [DayInputs]
    public let estimate: MaintenanceEstimate
    /// The week's days from its first up to and including `day`.
    public let week: [(day: LocalDay, inputs: DayInputs)]
    public let credit: WeeklyCredit

    /// B = maintenance + daily adjustment.
    public var base: Double { estimate.maintenance + settings.dailyAdjustment }
    /// B′: what is left to eat today, including the credit.
    public var budget: Double { credit.adjustedBudget }
    // Cannot fail: the week runs from its start to the day, never empty
    public var today: DayInputs { week.last!.inputs }

    /// The days a budget on `day` reads, by either algorithm: the longer window before it and
    /// the day (its week so far lies in the window).
    public static func daysRead(on day: LocalDay) -> ClosedRange<LocalDay> {
        LocalDay(number: day.number - Int64(max(CalorieAlgorithmV1.windowDays, CalorieAlgorithmV2.windowDays)))...day
    }
}

extension CalorieCreditState {
    /// The budget on `day`, by the algorithm in force then or by `algorithm` when given.
    public func budget(on day: LocalDay, algorithm: Int? = nil) throws -> CalorieBudget {
        let settings = settings(on: day)
        let algorithm = algorithm ?? settings.algorithm
        let windowLength = algorithm == 2 ? CalorieAlgorithmV2.windowDays : CalorieAlgorithmV1.windowDays
        let first = LocalDay(number: day.number - Int64(windowLength))
        let windowDays = (first.number..<day.number).map(LocalDay.init(number:))
        let windowInputs = try windowDays.map(inputs(for:))
        let intake = windowInputs.map(\.energy), weight = windowInputs.map(\.bodyMass)
        let estimate = algorithm == 2
            ? CalorieAlgorithmV2.estimate(intake: intake, weight: weight)
            : CalorieAlgorithmV1.estimate(intake: intake, weight: weight)
        let start = settings.firstWeekday.weekStart(of: day)
        let week = try (start.number...day.number).map { (day: LocalDay(number: $0), inputs: try inputs(for: LocalDay(number: $0))) }
        let base = estimate.maintenance + settings.dailyAdjustment
        let earlier = week.dropLast().map(\.inputs.energy)
        // v2 treats an unlogged earlier day as eaten at budget: a missing log is not a fast.
        let credit = WeeklyCredit(base: base, earlierIntake: algorithm == 2 ? earlier.map { $0 ?? base } : earlier)
        return CalorieBudget(
            day: day, settings: settings, algorithm: algorithm, window: first...LocalDay(number: day.number - 1),
            windowInputs: windowInputs, estimate: estimate, week: week, credit: credit)
    }
}
