import LedgerCore

extension IndexedRow {
    /// A workout's distance and energy as `totalDistance` and `totalEnergyBurned`, from its
    /// statistics where an export since iOS 16 gave no totals (`WorkoutRecorded.distance`), so
    /// that a query over workouts reads the same fields from old and new exports.
    mutating func fillWorkoutTotals(_ event: Event) {
        let hasDistance = event.payload["totalDistance"] != nil, hasEnergy = event.payload["totalEnergyBurned"] != nil
        guard !hasDistance || !hasEnergy, let workout = try? event.decode(WorkoutRecorded.self) else { return }
        if !hasDistance, let distance = workout.distance {
            set("totalDistance", number: distance.value)
            set("totalDistanceUnit", text: distance.unit)
        }
        if !hasEnergy, let energy = workout.energyBurned {
            set("totalEnergyBurned", number: energy.value)
            set("totalEnergyBurnedUnit", text: energy.unit)
        }
    }
}
