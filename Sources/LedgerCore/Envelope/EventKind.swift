/// The kinds of event, named in the past tense, each with a stable one-byte code.
///
/// Codes are written into sealed records: never renumber or reuse one.
public enum EventKind: String, CaseIterable, Sendable, Codable {
    case sampleRecorded = "sample.recorded"
    case categoryRecorded = "category.recorded"
    case correlationRecorded = "correlation.recorded"
    case workoutRecorded = "workout.recorded"
    case activitySummaryRecorded = "activitySummary.recorded"
    case profileRecorded = "profile.recorded"
    case heartbeatSeriesRecorded = "heartbeats.recorded"
    case electrocardiogramRecorded = "ecg.recorded"
    case clinicalRecordRecorded = "clinical.recorded"
    case audiogramRecorded = "audiogram.recorded"
    case visionPrescriptionRecorded = "visionPrescription.recorded"
    case exportElementRecorded = "exportElement.recorded"
    case moodRated = "mood.rated"
    case fatigueRated = "fatigue.rated"
    case symptomReported = "symptom.reported"
    case foodLogged = "food.logged"
    case medicationDefined = "medication.defined"
    case doseTaken = "dose.taken"
    case activityDefined = "activity.defined"
    case activityStarted = "activity.started"
    case activityStopped = "activity.stopped"
    case faceCaptured = "face.captured"
    case vitalMeasured = "vital.measured"
    case settingChanged = "setting.changed"
    case eventCorrected = "event.corrected"
    case eventRetracted = "event.retracted"
    case subjectErased = "subject.erased"
    case friendStepsShared = "friendSteps.shared"
    case ingestTokenAdded = "ingestToken.added"
    case ingestTokenRevoked = "ingestToken.revoked"
    case deliveryReceived = "delivery.received"

    public var code: UInt8 {
        switch self {
        case .sampleRecorded: 1
        case .categoryRecorded: 2
        case .correlationRecorded: 3
        case .workoutRecorded: 4
        case .activitySummaryRecorded: 5
        case .profileRecorded: 6
        case .heartbeatSeriesRecorded: 7
        case .electrocardiogramRecorded: 8
        case .moodRated: 9
        case .fatigueRated: 10
        case .symptomReported: 11
        case .foodLogged: 12
        case .medicationDefined: 13
        case .doseTaken: 14
        case .activityDefined: 15
        case .activityStarted: 16
        case .activityStopped: 17
        case .faceCaptured: 18
        case .vitalMeasured: 19
        case .settingChanged: 20
        case .eventCorrected: 21
        case .eventRetracted: 22
        case .subjectErased: 23
        case .clinicalRecordRecorded: 24
        case .audiogramRecorded: 25
        case .visionPrescriptionRecorded: 26
        case .exportElementRecorded: 27
        case .friendStepsShared: 28
        case .ingestTokenAdded: 29
        case .ingestTokenRevoked: 30
        case .deliveryReceived: 31
        }
    }

    /// Every kind at the index of its code; nil where no kind has the code.
    private static let byCode: [EventKind?] = {
        var table = [EventKind?](repeating: nil, count: 256)
        for kind in allCases { table[Int(kind.code)] = kind }
        return table
    }()

    public init?(code: UInt8) {
        guard let kind = Self.byCode[Int(code)] else { return nil }
        self = kind
    }

    // A raw-valued enum hashes and compares its raw string by default: a whole-log walk
    // looks kinds up in dictionaries once per event, so they hash and compare the code.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(code)
    }

    public static func == (lhs: EventKind, rhs: EventKind) -> Bool {
        lhs.code == rhs.code
    }

    /// Corrections and retractions change how other events read; they are not views of their own.
    public var isAmendment: Bool { self == .eventCorrected || self == .eventRetracted }
}
