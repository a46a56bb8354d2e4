public import LedgerCore
import Projections

/// An event as a row of its family's table.
public struct EventRow: Sendable {
    public let table: ExportTable
    public let values: [ExportValue]

    /// The row of `event` (as it reads now) at `sequence`, or nil for amendments, which are
    /// applied to the events they amend.
    public init?(_ event: Event, sequence: UInt64) throws {
        guard let table = ExportCatalog.table(for: event.kind) else { return nil }
        self.table = table
        let envelope: [ExportValue] = [
            .text(event.id.description), .integer(Int64(sequence)), .instant(event.start, utcOffset: event.utcOffset),
            event.end.map { .instant($0, utcOffset: event.utcOffset) } ?? .null, .integer(Int64(event.utcOffset)),
            .day(LocalDay(event.start, utcOffset: event.utcOffset)), .text(event.source.name), .optional(event.source.device),
        ]
        values = envelope + (try Self.payloadValues(event))
        assert(values.count == table.columns.count, "\(table.name): \(values.count) values for \(table.columns.count) columns")
    }

    private static func payloadValues(_ event: Event) throws -> [ExportValue] {
        switch event.kind {
        case .sampleRecorded:
            let sample = try event.decode(SampleRecorded.self)
            return [.text(sample.type), .real(sample.value), .text(sample.unit), .json(sample.metadata)]
        case .categoryRecorded:
            let category = try event.decode(CategoryRecorded.self)
            return [.text(category.type), .text(category.value), .json(category.metadata)]
        case .workoutRecorded:
            let workout = try event.decode(WorkoutRecorded.self)
            return [
                .text(workout.activityType), .real(workout.duration),
                .optional(workout.distance?.value), .optional(workout.distance?.unit),
                .optional(workout.energyBurned?.value), .optional(workout.energyBurned?.unit), .json(workout.metadata),
            ]
        case .moodRated:
            let mood = try event.decode(MoodRated.self)
            return rating(mood.rating, mood.scaleMin, mood.scaleMax, mood.note, mood.tags)
        case .fatigueRated:
            let fatigue = try event.decode(FatigueRated.self)
            return rating(fatigue.rating, fatigue.scaleMin, fatigue.scaleMax, fatigue.note, fatigue.tags)
        case .medicationDefined:
            let medication = try event.decode(MedicationDefined.self)
            return [
                .text(medication.name), .optional(medication.startedOn), .optional(medication.frequency),
                .optional(medication.defaultDosage?.amount), .optional(medication.defaultDosage?.unit.rawValue), .optional(medication.notes),
            ]
        case .doseTaken:
            let dose = try event.decode(DoseTaken.self)
            return [.text(dose.medication), .optional(dose.dosage?.amount), .optional(dose.dosage?.unit.rawValue), .optional(dose.note)]
        case .foodLogged:
            let food = try event.decode(FoodLogged.self)
            return [
                .text(food.name), .optional(food.meal?.rawValue), .optional(food.kcal), .optional(food.protein),
                .optional(food.carbs), .optional(food.fat), .json(food.nutrients), .optional(food.note),
            ]
        case .activityDefined:
            let activity = try event.decode(ActivityDefined.self)
            return [.text("defined"), .text(activity.name), .optional(activity.description), .json(activity.tags), .null]
        case .activityStarted:
            let activity = try event.decode(ActivityStarted.self)
            return [.text("started"), .text(activity.name), .optional(activity.note), .json(activity.tags), .null]
        case .activityStopped:
            let activity = try event.decode(ActivityStopped.self)
            return [.text("stopped"), .text(activity.name), .optional(activity.note), .null, .optional(activity.startedBy?.description)]
        case .symptomReported:
            let symptom = try event.decode(SymptomReported.self)
            return [.text(symptom.name), .integer(Int64(symptom.severity.rawValue)), .optional(symptom.note), .optional(symptom.session)]
        case .vitalMeasured:
            return vital(try event.decode(VitalMeasured.self))
        case .faceCaptured:
            let face = try event.decode(FaceCaptured.self)
            return FaceFeature.allCases.map { name in .optional(face.features?[name]) }
                + FaceIndicator.allCases.map { name in .optional(face.indicators?[name]) }
                + [
                    .optional(face.metadata?.imageWidth), .optional(face.metadata?.imageHeight),
                    .optional(face.metadata?.faceConfidence), .optional(face.metadata?.landmarkCount),
                ]
        default:
            return [.text(event.kind.rawValue), .text(JSONWriter.string(event.payload))]
        }
    }

    private static func rating(_ rating: Double, _ low: Double, _ high: Double, _ note: String?, _ tags: [String]) -> [ExportValue] {
        [.real(rating), .real(low), .real(high), .real((rating - low) / (high - low)), .optional(note), .json(tags)]
    }

    private static func vital(_ vital: VitalMeasured) -> [ExportValue] {
        let count: Int
        switch vital.samples {
        case .ppg(let values): count = values.count
        case .accelerometer(let x, _, _): count = x.count
        }
        let rate: Double?
        let duration: Double?
        switch vital.timing {
        case .rate(let perSecond):
            rate = perSecond
            duration = Double(count) / perSecond
        case .offsets(let offsets):
            rate = nil
            duration = offsets.last.map { $0 - offsets[0] }
        }
        return [.text(vital.signal.rawValue), .integer(Int64(count)), .optional(rate), .optional(duration), .optional(vital.detail), .optional(vital.session)]
    }
}
