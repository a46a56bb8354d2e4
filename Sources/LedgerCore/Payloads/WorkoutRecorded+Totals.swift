/// A workout's distance and energy whichever way the export wrote them.
///
/// Until iOS 16 an export gave them as the workout's `totalDistance` and
/// `totalEnergyBurned`; since then as `WorkoutStatistics` children (a distance type's sum,
/// `ActiveEnergyBurned`'s sum), and the attributes are gone. Readers take the attribute
/// where there is one, else the statistics.
extension WorkoutRecorded {
    /// The distance covered: `totalDistance`, else the sum of the distance statistics of the
    /// first distance type stated (a workout moves one way: walking, cycling, swimming…).
    public var distance: Quantity? {
        totalDistance ?? statistics.lazy.compactMap { statistic in
            statistic.type.hasPrefix("HKQuantityTypeIdentifierDistance") ? statistic.sum.map { Quantity(value: $0, unit: statistic.unit) } : nil
        }.first
    }

    /// Active energy burned: `totalEnergyBurned`, else the `ActiveEnergyBurned` statistic's sum.
    public var energyBurned: Quantity? {
        totalEnergyBurned ?? statistics.lazy.compactMap { statistic in
            statistic.type == "HKQuantityTypeIdentifierActiveEnergyBurned" ? statistic.sum.map { Quantity(value: $0, unit: statistic.unit) } : nil
        }.first
    }
}
