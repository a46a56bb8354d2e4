/// One kind of element, rendered a day at a time. Health writes its records grouped by
/// type, so the export writes each stream for every day before the next stream; the
/// order here is that order. Correlations come after the records they contain, so that an
/// export cut short never holds a correlation whose records are missing at top level.
enum ExportStream: Int, CaseIterable {
    case bodyMass
    case heartRate
    case stepCount
    case walkingRunningDistance
    case cyclingDistance
    case swimmingDistance
    case basalEnergy
    case activeEnergy
    case flightsClimbed
    case exerciseTime
    case dietaryFat
    case dietaryCarbohydrates
    case dietaryEnergy
    case dietaryProtein
    case bloodPressureSystolic
    case bloodPressureDiastolic
    case respiratoryRate
    case oxygenSaturation
    case restingHeartRate
    case walkingHeartRate
    case heartRateVariability
    case sleepAnalysis
    case standHour
    /// A type this export's importer has never heard of; it must keep it anyway.
    case sleepScore
    case bloodPressureCorrelation
    case foodCorrelation
    case workout
    case activitySummary
    /// ECG files: no XML, but they count towards the total.
    case electrocardiogram
}
