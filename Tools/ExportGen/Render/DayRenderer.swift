import DemoData

/// Renders one stream of one day from the day's plan, with a generator of its own so that
/// the result does not depend on what was rendered before.
struct DayRenderer {
    let plan: DayPlan
    let schedule: ExportSchedule
    var random: SeededRandom

    init(plan: DayPlan, schedule: ExportSchedule, stream: ExportStream) {
        self.plan = plan
        self.schedule = schedule
        random = SeededRandom(seed: schedule.settings.seed, stream: stream.rawValue, day: plan.index)
    }

    var quirks: Bool { schedule.settings.quirks }

    mutating func render(_ stream: ExportStream, into writer: inout ExportXMLWriter) {
        writer.setZone(plan.zone)
        writer.deviceAddressShift = quirks ? UInt64(plan.index % 5) * 0x2_1a40 : 0
        switch stream {
        case .bodyMass: bodyMass(into: &writer)
        case .heartRate: heartRate(into: &writer)
        case .stepCount: steps(into: &writer)
        case .walkingRunningDistance: walkingRunningDistance(into: &writer)
        case .cyclingDistance: workoutDistance(.cycling, into: &writer)
        case .swimmingDistance: workoutDistance(.swimming, into: &writer)
        case .basalEnergy: basalEnergy(into: &writer)
        case .activeEnergy: activeEnergy(into: &writer)
        case .flightsClimbed: flightsClimbed(into: &writer)
        case .exerciseTime: exerciseTime(into: &writer)
        case .dietaryFat: nutrient(.fat, into: &writer)
        case .dietaryCarbohydrates: nutrient(.carbohydrates, into: &writer)
        case .dietaryEnergy: nutrient(.energy, into: &writer)
        case .dietaryProtein: nutrient(.protein, into: &writer)
        case .bloodPressureSystolic: bloodPressure(systolic: true, into: &writer)
        case .bloodPressureDiastolic: bloodPressure(systolic: false, into: &writer)
        case .respiratoryRate: respiratoryRate(into: &writer)
        case .oxygenSaturation: oxygenSaturation(into: &writer)
        case .restingHeartRate: restingHeartRate(into: &writer)
        case .walkingHeartRate: walkingHeartRate(into: &writer)
        case .heartRateVariability: heartRateVariability(into: &writer)
        case .sleepAnalysis: sleep(into: &writer)
        case .standHour: standHours(into: &writer)
        case .sleepScore: sleepScore(into: &writer)
        case .bloodPressureCorrelation: bloodPressureCorrelation(into: &writer)
        case .foodCorrelation: foodCorrelations(into: &writer)
        case .workout: workout(into: &writer)
        case .activitySummary: activitySummary(into: &writer)
        case .electrocardiogram: if plan.electrocardiogram != nil { writer.addFile(.electrocardiogram(day: plan.index)) }
        }
    }

    /// When Health stored a sample that ended at `end`. With quirks, one sample in 250 has
    /// no creation date at all, as in real exports.
    mutating func created(_ end: Int64, delay: ClosedRange<Int> = 5...300) -> Int64? {
        if quirks && random.integer(0...249) == 0 { return nil }
        return end + Int64(random.integer(delay))
    }
}
