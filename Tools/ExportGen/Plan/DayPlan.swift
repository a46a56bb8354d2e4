/// What a day in the person's life is like — when they slept, how much they moved, what
/// they ate, whether and how they trained. Each stream renders the day's records from it,
/// so that steps, distance, energy, heart rate and the activity summary agree.
struct DayPlan {
    let index: Int
    let date: CivilDate
    let zone: Zone
    /// Local midnight starting the day and the next day's, as instants; days are 23 or 25
    /// hours long when the clocks change.
    let midnight: Int64
    let nextMidnight: Int64
    /// The night that ends this morning.
    let bedtime: Int64
    let wake: Int64
    /// Tonight's bedtime, where this day's waking hours end.
    let nextBedtime: Int64
    /// Steps and active energy per local hour (index 0 is midnight to 1 am).
    let hourlySteps: [Double]
    let hourlyActiveEnergy: [Double]
    let stoodHours: [Bool]
    let exerciseMinutes: Int
    let workout: PlannedWorkout?
    let meals: [Meal]
    let restingHeartRate: Double
    let weight: Double?
    let bloodPressure: (systolic: Double, diastolic: Double, time: Int64)?
    let electrocardiogram: Int64?
    /// The phone as it names itself today.
    let phone: Source

    var isWeekend: Bool { date.isWeekend }

    func isAsleep(at instant: Int64) -> Bool { instant < wake || instant >= nextBedtime }

    /// Start of local hour `hour` (0–23); past `nextMidnight` on a short day.
    func hourStart(_ hour: Int) -> Int64 { midnight + Int64(hour) * 3600 }

    /// Whether the watch reports local hour `hour` as a stand hour: waking hours that end
    /// before the day does.
    func hasStandHour(_ hour: Int) -> Bool {
        let start = hourStart(hour)
        return start + 3600 > wake && start < nextBedtime && start + 3600 <= nextMidnight
    }
}
