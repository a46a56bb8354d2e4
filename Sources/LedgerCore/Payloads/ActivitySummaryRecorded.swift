/// One day of Apple Watch activity rings, as the export's `ActivitySummary` gives it.
///
/// Energy is in kcal, exercise and move time in minutes, stand in hours; importers convert
/// other units (kJ) before writing. Every value is optional because HealthKit leaves out
/// rings a device does not track.
public struct ActivitySummaryRecorded: EventPayload {
    public static let kind = EventKind.activitySummaryRecorded
    public static let schema = 1

    /// The local day, `YYYY-MM-DD`.
    public var date: String
    public var activeEnergyBurned: Double?
    public var activeEnergyBurnedGoal: Double?
    /// `appleMoveTime`, for people whose move ring counts minutes rather than energy.
    public var moveMinutes: Double?
    public var moveMinutesGoal: Double?
    public var exerciseMinutes: Double?
    public var exerciseMinutesGoal: Double?
    public var standHours: Double?
    public var standHoursGoal: Double?

    public init(
        date: String, activeEnergyBurned: Double? = nil, activeEnergyBurnedGoal: Double? = nil,
        moveMinutes: Double? = nil, moveMinutesGoal: Double? = nil, exerciseMinutes: Double? = nil,
        exerciseMinutesGoal: Double? = nil, standHours: Double? = nil, standHoursGoal: Double? = nil
    ) {
        self.date = date
        self.activeEnergyBurned = activeEnergyBurned
        self.activeEnergyBurnedGoal = activeEnergyBurnedGoal
        self.moveMinutes = moveMinutes
        self.moveMinutesGoal = moveMinutesGoal
        self.exerciseMinutes = exerciseMinutes
        self.exerciseMinutesGoal = exerciseMinutesGoal
        self.standHours = standHours
        self.standHoursGoal = standHoursGoal
    }

    public init(document: Document) throws(ValidationError) {
        do throws(ValidationError) {
            // Cannot fail: Rule.date returns the text it is given or throws
            date = try Rule.date(document.string("date"), "date")!
            func amount(_ name: String) throws(ValidationError) -> Double? {
                try Rule.nonNegativeIfPresent(document.optionalDouble(name), name)
            }
            activeEnergyBurned = try amount("activeEnergyBurned")
            activeEnergyBurnedGoal = try amount("activeEnergyBurnedGoal")
            moveMinutes = try amount("moveMinutes")
            moveMinutesGoal = try amount("moveMinutesGoal")
            exerciseMinutes = try amount("exerciseMinutes")
            exerciseMinutesGoal = try amount("exerciseMinutesGoal")
            standHours = try amount("standHours")
            standHoursGoal = try amount("standHoursGoal")
        } catch { throw error.tagged(Self.kind) }
    }

    public var document: Document {
        var document: Document = ["date": .string(date)]
        document.set("activeEnergyBurned", activeEnergyBurned.doc)
        document.set("activeEnergyBurnedGoal", activeEnergyBurnedGoal.doc)
        document.set("moveMinutes", moveMinutes.doc)
        document.set("moveMinutesGoal", moveMinutesGoal.doc)
        document.set("exerciseMinutes", exerciseMinutes.doc)
        document.set("exerciseMinutesGoal", exerciseMinutesGoal.doc)
        document.set("standHours", standHours.doc)
        document.set("standHoursGoal", standHoursGoal.doc)
        return document
    }
}
