import Testing
@testable import LedgerCore

/// A document that must be rejected, and the field and value the error must name.
struct Rejection: Sendable, CustomTestStringConvertible {
    let kind: EventKind
    let document: Document
    let field: String
    let value: String
    let testDescription: String

    init(_ kind: EventKind, _ document: Document, field: String, value: String, _ why: String) {
        self.kind = kind
        self.document = document
        self.field = field
        self.value = value
        testDescription = "\(kind.rawValue): \(why)"
    }
}

@Suite("Payload validation")
struct PayloadValidationTests {
    static let heartRate: Document = ["type": .string("HKQuantityTypeIdentifierHeartRate"), "value": .int(60), "unit": .string("count/min")]
    static let target = DocValue.string("00112233445566778899aabbccddeeff")
    static let features = Document(FaceFeature.allCases.map { ($0.rawValue, .double(0.5)) })

    static func with(_ base: Document, _ name: String, _ value: DocValue?) -> Document {
        var document = base
        document[name] = value
        return document
    }

    static let rejections: [Rejection] = [
        Rejection(.sampleRecorded, with(heartRate, "unit", .string("beats")), field: "unit", value: "'beats'", "unknown unit"),
        Rejection(.sampleRecorded, with(heartRate, "type", .string("HeartRate")), field: "type", value: "'HeartRate'", "not a HealthKit id"),
        Rejection(.sampleRecorded, with(heartRate, "value", .double(.nan)), field: "value", value: "nan", "NaN"),
        Rejection(.sampleRecorded, with(heartRate, "value", nil), field: "value", value: "nothing", "missing value"),
        Rejection(.sampleRecorded, with(heartRate, "metadata", .map(["HKWasUserEntered": .int(1)])),
                  field: "metadata.HKWasUserEntered", value: "1", "metadata must be text"),
        Rejection(.categoryRecorded, ["type": .string("HKCategoryTypeIdentifierSleepAnalysis"), "value": .string(" ")],
                  field: "value", value: "' '", "empty value"),
        Rejection(.correlationRecorded, ["type": .string("HKCorrelationTypeIdentifierBloodPressure"), "samples": .array([])],
                  field: "samples", value: "[]", "no samples"),
        Rejection(.correlationRecorded,
                  ["type": .string("HKCorrelationTypeIdentifierBloodPressure"),
                   "samples": .array([.map(heartRate), .map(with(heartRate, "unit", .string("furlong")))])],
                  field: "samples[1].unit", value: "'furlong'", "bad unit in a nested sample"),
        Rejection(.workoutRecorded, ["activityType": .string("HKWorkoutActivityTypeRunning"), "duration": .int(-5)],
                  field: "duration", value: "-5", "negative duration"),
        Rejection(.workoutRecorded, ["activityType": .string("HKWorkoutActivityTypeRunning"), "duration": .int(60), "totalDistance": .double(5.2)],
                  field: "totalDistanceUnit", value: "nothing", "distance without unit"),
        Rejection(.workoutRecorded,
                  ["activityType": .string("HKWorkoutActivityTypeRunning"), "duration": .int(60),
                   "route": .map(["t": .array([.int(0)]), "lat": .array([.int(91)]), "lon": .array([.int(4)]), "alt": .array([.int(0)])])],
                  field: "route.lat[0]", value: "91", "latitude out of range"),
        Rejection(.workoutRecorded,
                  ["activityType": .string("HKWorkoutActivityTypeRunning"), "duration": .int(60),
                   "statistics": .array([.map(["type": .string("HKQuantityTypeIdentifierHeartRate"), "minimum": .int(150), "maximum": .int(90), "unit": .string("count/min")])])],
                  field: "statistics[0].minimum", value: "150", "minimum above maximum"),
        Rejection(.activitySummaryRecorded, ["date": .string("2025-02-29")], field: "date", value: "'2025-02-29'", "no 29 February in 2025"),
        Rejection(.activitySummaryRecorded, ["date": .string("2024-02-29"), "standHours": .int(-1)], field: "standHours", value: "-1", "negative hours"),
        Rejection(.profileRecorded, ["dateOfBirth": .string("4 July 1961")], field: "dateOfBirth", value: "'4 July 1961'", "not a date"),
        Rejection(.heartbeatSeriesRecorded, ["offsets": .array([.double(0), .double(1.2), .double(0.9)])],
                  field: "offsets[2]", value: "0.9", "time going backwards"),
        Rejection(.heartbeatSeriesRecorded, ["offsets": .array([.double(0)]), "gaps": .array([.int(3)])],
                  field: "gaps[0]", value: "3", "gap at a beat that does not exist"),
        Rejection(.electrocardiogramRecorded,
                  ["classification": .string("Sinus Rhythm"), "samplingFrequency": .int(0), "voltages": .array([.int(1)])],
                  field: "samplingFrequency", value: "0", "zero sampling frequency"),
        Rejection(.electrocardiogramRecorded,
                  ["classification": .string("Sinus Rhythm"), "samplingFrequency": .int(512), "voltages": .array([.int(1)]), "symptoms": .string("")],
                  field: "symptoms", value: "''", "empty symptoms"),
        Rejection(.workoutRecorded,
                  ["activityType": .string("HKWorkoutActivityTypeRunning"), "duration": .int(60),
                   "route": .map(["t": .array([.int(0), .int(1)]), "lat": .array([.int(52), .int(52)]), "lon": .array([.int(4), .int(4)]),
                                  "speed": .array([.null, .double(-1)])])],
                  field: "route.speed[1]", value: "-1", "negative speed"),
        Rejection(.workoutRecorded,
                  ["activityType": .string("HKWorkoutActivityTypeRunning"), "duration": .int(60),
                   "route": .map(["t": .array([.int(0)]), "lat": .array([.int(52)]), "lon": .array([.int(4)]), "course": .array([.int(361)])])],
                  field: "route.course[0]", value: "361", "course beyond a full turn"),
        Rejection(.workoutRecorded,
                  ["activityType": .string("HKWorkoutActivityTypeRunning"), "duration": .int(60),
                   "route": .map(["t": .array([.int(0), .int(1)]), "lat": .array([.int(52), .int(52)]), "lon": .array([.int(4), .int(4)]),
                                  "hAcc": .array([.int(5)])])],
                  field: "route.hAcc", value: "1 values", "accuracy column shorter than the route"),
        Rejection(.workoutRecorded,
                  ["activityType": .string("HKWorkoutActivityTypeSwimBikeRun"), "duration": .int(60),
                   "activities": .array([.map(["uuid": .string("A"), "offset": .int(0)]), .map(["uuid": .string("B"), "offset": .int(-3)])])],
                  field: "activities[1].offset", value: "-3", "activity before the workout"),
        Rejection(.workoutRecorded,
                  ["activityType": .string("HKWorkoutActivityTypeSwimBikeRun"), "duration": .int(60),
                   "activities": .array([.map(["uuid": .string("A"), "offset": .int(0),
                                               "events": .array([.map(["type": .string(""), "offset": .int(5)])])])])],
                  field: "activities[0].events[0].type", value: "''", "unnamed event inside an activity"),
        Rejection(.clinicalRecordRecorded,
                  ["type": .string("HKClinicalTypeIdentifierLabResultRecord"), "identifier": .string("x1"), "fhirVersion": .string("4.0.1")],
                  field: "resourceFilePath", value: "nothing", "no resource path"),
        Rejection(.clinicalRecordRecorded,
                  ["type": .string("DiagnosticReport"), "identifier": .string(" "), "fhirVersion": .string("1.0.2"),
                   "resourceFilePath": .string("/clinical-records/DiagnosticReport-1.json")],
                  field: "identifier", value: "' '", "blank identifier"),
        Rejection(.audiogramRecorded, ["type": .string("HKDataTypeIdentifierAudiogram"), "points": .array([])],
                  field: "points", value: "[]", "no frequencies"),
        Rejection(.audiogramRecorded,
                  ["type": .string("HKDataTypeIdentifierAudiogram"), "points": .array([.map(["frequency": .int(1000)])])],
                  field: "points[0].left", value: "nothing", "a frequency with neither ear"),
        Rejection(.audiogramRecorded,
                  ["type": .string("HKDataTypeIdentifierAudiogram"),
                   "points": .array([.map(["frequency": .int(0), "left": .map(["sensitivity": .int(10)])])])],
                  field: "points[0].frequency", value: "0", "zero hertz"),
        Rejection(.audiogramRecorded,
                  ["type": .string("HKDataTypeIdentifierAudiogram"),
                   "points": .array([.map(["frequency": .int(1000),
                                           "right": .map(["sensitivity": .int(10), "clampingLowerBound": .int(20), "clampingUpperBound": .int(5)])])])],
                  field: "points[0].right.clampingLowerBound", value: "20", "clamping range upside down"),
        Rejection(.audiogramRecorded,
                  ["type": .string("HKDataTypeIdentifierAudiogram"),
                   "points": .array([.map(["frequency": .int(1000), "left": .map(["sensitivity": .int(10), "masked": .string("yes")])])])],
                  field: "points[0].left.masked", value: "'yes'", "masked as text"),
        Rejection(.visionPrescriptionRecorded, ["type": .string("HKVisionPrescriptionTypeGlasses"), "dateIssued": .string("March 2025")],
                  field: "dateIssued", value: "'March 2025'", "not a date"),
        Rejection(.visionPrescriptionRecorded,
                  ["type": .string("HKVisionPrescriptionTypeGlasses"), "dateIssued": .string("2025-03-01"),
                   "rightEye": .map(["sphere": .double(-1.25)])],
                  field: "rightEye.sphere", value: "-1.25", "eye value not kept as text"),
        Rejection(.visionPrescriptionRecorded,
                  ["type": .string("HKVisionPrescriptionTypeGlasses"), "dateIssued": .string("2025-03-01"), "attachments": .array([.string("")])],
                  field: "attachments[0]", value: "''", "empty attachment id"),
        Rejection(.exportElementRecorded, ["element": .string("")], field: "element", value: "''", "unnamed element"),
        Rejection(.exportElementRecorded,
                  ["element": .string("FutureRecord"), "children": .array([.map(["element": .string("Deep"), "depth": .int(2)])])],
                  field: "children[0].depth", value: "2", "a grandchild without a parent"),
        Rejection(.exportElementRecorded,
                  ["element": .string("FutureRecord"), "children": .array([.map(["element": .string("Part"), "depth": .int(0)])])],
                  field: "children[0].depth", value: "0", "depth 0 is the element itself"),
        Rejection(.exportElementRecorded,
                  ["element": .string("FutureRecord"), "attributes": .map(["value": .int(3)])],
                  field: "attributes.value", value: "3", "attribute not text"),
        Rejection(.moodRated, ["rating": .int(11)], field: "rating", value: "11", "above the default 1…10 scale"),
        Rejection(.moodRated, ["rating": .int(0)], field: "rating", value: "0", "below the default scale"),
        Rejection(.moodRated, ["rating": .int(3), "scaleMin": .int(5), "scaleMax": .int(5)], field: "scaleMax", value: "5", "empty scale"),
        Rejection(.moodRated, ["rating": .string("good")], field: "rating", value: "'good'", "rating as text"),
        Rejection(.fatigueRated, ["rating": .double(4.5), "scaleMin": .int(0), "scaleMax": .int(4)], field: "rating", value: "4.5", "above a custom scale"),
        Rejection(.symptomReported, ["name": .string("Cough"), "severity": .int(4)], field: "severity", value: "4", "severity above 3"),
        Rejection(.symptomReported, ["name": .string("Cough"), "severity": .int(-1)], field: "severity", value: "-1", "negative severity"),
        Rejection(.symptomReported, ["name": .string(""), "severity": .int(1)], field: "name", value: "''", "empty name"),
        Rejection(.foodLogged, ["name": .string("Toast"), "kcal": .int(-80)], field: "kcal", value: "-80", "negative kcal"),
        Rejection(.foodLogged, ["name": .string("Toast"), "fat": .double(-0.5)], field: "fat", value: "-0.5", "negative fat"),
        Rejection(.foodLogged, ["name": .string("Toast"), "meal": .string("brunch")], field: "meal", value: "'brunch'", "unknown meal"),
        Rejection(.foodLogged, ["name": .string("Toast"), "nutrients": .map(["fiber": .int(-2)])], field: "nutrients.fiber", value: "-2", "negative nutrient"),
        Rejection(.medicationDefined, ["name": .string("Ibuprofen"), "defaultDosage": .map(["amount": .int(200), "unit": .string("spoons")])],
                  field: "defaultDosage.unit", value: "'spoons'", "unknown dose unit"),
        Rejection(.medicationDefined, ["name": .string("Ibuprofen"), "startedOn": .string("2026-13-01")], field: "startedOn", value: "'2026-13-01'", "month 13"),
        Rejection(.doseTaken, ["medication": .string("Ibuprofen"), "dosage": .map(["amount": .int(0), "unit": .string("mg")])],
                  field: "dosage.amount", value: "0", "zero dose"),
        Rejection(.doseTaken, ["medication": .string("Ibuprofen"), "dosage": .map(["amount": .int(-200), "unit": .string("mg")])],
                  field: "dosage.amount", value: "-200", "negative dose"),
        Rejection(.doseTaken, ["medication": .string("  ")], field: "medication", value: "'  '", "blank medication"),
        Rejection(.friendStepsShared, ["friend": .string("Ann"), "keyFingerprint": .string("1a2b 3c4d"), "steps": .int(-5)],
                  field: "steps", value: "-5", "negative steps"),
        Rejection(.friendStepsShared, ["friend": .string(""), "keyFingerprint": .string("1a2b 3c4d"), "steps": .int(5)],
                  field: "friend", value: "''", "nameless friend"),
        Rejection(.ingestTokenAdded, ["token": .string("3f9a0c1d"), "name": .string("phone"), "hash": .string("abc")],
                  field: "hash", value: "'abc'", "a hash that is not SHA-256 hex"),
        Rejection(.ingestTokenAdded, ["token": .string("3F9A"), "name": .string("phone"), "hash": .string(String(repeating: "ab", count: 32))],
                  field: "token", value: "'3F9A'", "an id not in lower-case hex"),
        Rejection(.ingestTokenRevoked, ["token": .string("")], field: "token", value: "''", "no token id"),
        Rejection(.deliveryReceived, ["channel": .string("listener"), "name": .string("phone"), "readings": .int(3), "stored": .int(-1)],
                  field: "readings", value: "3, -1", "negative stored"),
        Rejection(.deliveryReceived, ["channel": .string("listener"), "name": .string("phone"), "readings": .int(3), "stored": .int(1), "apps": .map(["Watch": .double(1.5)])],
                  field: "apps.Watch", value: "1.5", "half a reading"),
        Rejection(.activityDefined, ["name": .string(""), "tags": .array([])], field: "name", value: "''", "empty name"),
        Rejection(.activityStarted, ["name": .string("Running"), "tags": .array([.int(1)])], field: "tags", value: "1", "tag not text"),
        Rejection(.activityStopped, ["name": .string("Running"), "startedBy": .string("xyz")], field: "startedBy", value: "'xyz'", "bad event id"),
        Rejection(.faceCaptured, ["features": .map(with(features, "browFurrow", nil))], field: "features.browFurrow", value: "nothing", "a missing feature"),
        Rejection(.faceCaptured, ["features": .map(with(features, "browWiggle", .int(1)))], field: "features.browWiggle", value: "1", "an unknown feature"),
        Rejection(.faceCaptured,
                  ["indicators": .map(["alertnessScore": .int(75), "tensionScore": .int(120), "smileScore": .int(65), "facialSymmetry": .int(92)])],
                  field: "indicators.tensionScore", value: "120", "indicator above 100"),
        Rejection(.faceCaptured, ["landmarks": .array(Array(repeating: .double(0.5), count: 30))], field: "landmarks", value: "30 numbers", "10 landmarks"),
        Rejection(.vitalMeasured, ["signal": .string("ecg"), "sampleRate": .int(30), "values": .array([.int(1)])], field: "signal", value: "'ecg'", "unknown signal"),
        Rejection(.vitalMeasured, ["signal": .string("ppg"), "sampleRate": .int(-30), "values": .array([.int(1)])], field: "sampleRate", value: "-30", "negative rate"),
        Rejection(.vitalMeasured, ["signal": .string("ppg"), "values": .array([.int(1)])], field: "sampleRate", value: "nothing", "no timing"),
        Rejection(.vitalMeasured,
                  ["signal": .string("accelerometer"), "sampleRate": .int(50), "x": .array([.int(1), .int(2)]), "y": .array([.int(1), .int(2)]), "z": .array([.int(1)])],
                  field: "z", value: "1 values", "axes of unequal length"),
        Rejection(.vitalMeasured,
                  ["signal": .string("ppg"), "timestamps": .array([.int(0), .int(1)]), "values": .array([.int(1), .int(2), .int(3)])],
                  field: "timestamps", value: "2 values", "fewer timestamps than samples"),
        Rejection(.settingChanged, ["key": .string("budget..firstWeekday"), "value": .int(1)], field: "key", value: "'budget..firstWeekday'", "empty key word"),
        Rejection(.settingChanged, ["key": .string("budget.firstWeekday")], field: "value", value: "nothing", "no value"),
        Rejection(.settingChanged, ["key": .string("scales.mood"), "value": .array([.double(1), .double(.infinity)])],
                  field: "value[1]", value: "inf", "infinite value"),
        Rejection(.eventCorrected, ["target": .string("abc"), "payloadSchema": .int(1), "payload": .map([:])], field: "target", value: "'abc'", "short id"),
        Rejection(.eventCorrected, ["target": target, "payloadSchema": .int(0), "payload": .map([:])], field: "payloadSchema", value: "0", "schema 0"),
        Rejection(.eventCorrected, ["target": target, "payloadSchema": .int(1)], field: "payload", value: "nothing", "no payload"),
        Rejection(.eventRetracted, ["reason": .string("twice")], field: "target", value: "nothing", "no target"),
        Rejection(.subjectErased, ["target": .string(String(repeating: "g", count: 32))], field: "target", value: "'gggggggggggggggggggggggggggggggg'", "not hex"),
    ]

    @Test("invalid payloads are rejected naming kind, field and value", arguments: rejections)
    func rejects(_ rejection: Rejection) {
        do {
            _ = try rejection.kind.payloadType.init(document: rejection.document)
            Issue.record("accepted \(rejection.document)")
        } catch {
            #expect(error.kind == rejection.kind)
            #expect(error.field == rejection.field)
            #expect(error.value == rejection.value)
            // A missing field has no value to show: "rating is required", not "rating = nothing is required".
            let shown = rejection.value == ValidationError.missing ? "" : "= \(rejection.value) "
            #expect(error.description.hasPrefix("\(rejection.kind.rawValue): \(rejection.field) \(shown)"))
            #expect(!error.description.contains("= nothing"))
        }
    }

    @Test("typed values built with NaN fail validation")
    func nanInTypedValue() {
        #expect(throws: ValidationError.self) { try MoodRated(rating: .nan).validated() }
        #expect(throws: ValidationError.self) { try ElectrocardiogramRecorded(classification: "x", samplingFrequency: 500, voltages: [.nan]).validated() }
    }

    @Test("every sample payload is valid")
    func samplesValidate() throws {
        for payload in PayloadSamples.all { _ = try type(of: payload).init(document: payload.document) }
    }

    @Test("mood accepts both ends of its scale")
    func moodBounds() throws {
        _ = try MoodRated(rating: 1).validated()
        _ = try MoodRated(rating: 10).validated()
        _ = try MoodRated(rating: -2, scaleMin: -2, scaleMax: 2).validated()
    }
}
