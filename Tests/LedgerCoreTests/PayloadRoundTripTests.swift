import Testing
@testable import LedgerCore

@Suite("Payload round-trips")
struct PayloadRoundTripTests {
    @Test("every kind has a sample and a payload type of that kind")
    func everyKindCovered() {
        #expect(Set(PayloadSamples.all.map { type(of: $0).kind }) == Set(EventKind.allCases))
        for kind in EventKind.allCases { #expect(kind.payloadType.kind == kind) }
    }

    @Test("typed → Document → typed", arguments: PayloadSamples.all.map(Sample.init))
    func throughDocument(sample: Sample) throws {
        try sample.check { payload throws in try type(of: payload).init(document: payload.document) }
    }

    @Test("typed → DocumentCodec bytes → typed", arguments: PayloadSamples.all.map(Sample.init))
    func throughDocumentCodec(sample: Sample) throws {
        try sample.check { payload throws in
            let bytes = DocumentCodec.encode(payload.document)
            return try type(of: payload).init(document: DocumentCodec.decodeDocument(bytes))
        }
    }

    @Test("typed → Event → EnvelopeCodec bytes → typed", arguments: PayloadSamples.all.map(Sample.init))
    func throughEnvelopeCodec(sample: Sample) throws {
        try sample.check { payload throws in
            try Self.envelopeRoundTrip(payload)
        }
    }

    @Test("typed → JSON text → typed", arguments: PayloadSamples.all.map(Sample.init))
    func throughJSON(sample: Sample) throws {
        try sample.check { payload throws in
            let text = JSONWriter.string(payload.document)
            return try type(of: payload).init(document: JSONParser.parseObject(text))
        }
    }

    @Test("documents are deterministic: equal payloads give identical bytes", arguments: PayloadSamples.all.map(Sample.init))
    func deterministic(sample: Sample) throws {
        let again = try type(of: sample.payload).init(document: sample.payload.document)
        #expect(DocumentCodec.encode(again.document) == DocumentCodec.encode(sample.payload.document))
    }

    @Test("optional fields are left out when nil")
    func optionalsLeftOut() {
        #expect(MoodRated(rating: 3).document.fields.map(\.name) == ["rating", "scaleMin", "scaleMax"])
        #expect(DoseTaken(medication: "Aspirin").document == ["medication": .string("Aspirin")])
        #expect(ProfileRecorded().document.isEmpty)
        #expect(SampleRecorded(type: "HKQuantityTypeIdentifierStepCount", value: 12, unit: "count").document.fields.map(\.name)
            == ["type", "value", "unit"])
    }

    @Test("a workout written before activities and route extras existed reads and encodes unchanged")
    func workoutBeforeActivities() throws {
        let stored: Document = [
            "activityType": .string("HKWorkoutActivityTypeRunning"), "duration": .double(600),
            "events": .array([.map(["type": .string("HKWorkoutEventTypePause"), "offset": .double(300)])]),
            "route": .map(["t": .array([.double(0), .double(1)]), "lat": .array([.double(52.5), .double(52.6)]),
                           "lon": .array([.double(13.4), .double(13.5)]), "alt": .array([.double(34), .double(35)])]),
        ]
        let workout = try WorkoutRecorded(document: stored)
        #expect(workout.activities.isEmpty)
        #expect(workout.route[1] == RoutePoint(latitude: 52.6, longitude: 13.5, altitude: 35, offset: 1))
        #expect(DocumentCodec.encode(workout.document) == DocumentCodec.encode(stored))
    }

    @Test("a route column holds null for points without that value and is left out when none has it")
    func routeOptionalColumns() throws {
        let route = [
            RoutePoint(latitude: 52.5, longitude: 13.4, offset: 0, speed: 3.5),
            RoutePoint(latitude: 52.6, longitude: 13.5, offset: 1),
        ]
        let document = RoutePoint.encodeRoute(route)
        #expect(document.fields.map(\.name) == ["t", "lat", "lon", "speed"])
        #expect(document["speed"] == .array([.double(3.5), .null]))
        #expect(try RoutePoint.decodeRoute(document) == route)
    }

    @Test("maps are written with sorted keys whatever their insertion order")
    func sortedMaps() {
        let food = FoodLogged(name: "Tea", nutrients: ["water": 250, "caffeine": 0.05, "sugar": 0])
        guard case .map(let nutrients)? = food.document["nutrients"] else {
            Issue.record("nutrients missing")
            return
        }
        #expect(nutrients.fields.map(\.name) == ["caffeine", "sugar", "water"])
    }

    @Test("mood reads scale defaults 1…10 when the document leaves them out")
    func moodDefaults() throws {
        let mood = try MoodRated(document: ["rating": .int(9)])
        #expect(mood == MoodRated(rating: 9, scaleMin: 1, scaleMax: 10))
        #expect(MoodRated.schema == 2 && FatigueRated.schema == 1)
    }

    @Test("category values given as integers are kept as their text")
    func categoryIntegerValue() throws {
        let category = try CategoryRecorded(document: ["type": .string("HKCategoryTypeIdentifierAppleStandHour"), "value": .int(1)])
        #expect(category.value == "1")
    }

    @Test("face vectors keep ShareHealth's feature order and names")
    func faceOrder() throws {
        #expect(FaceFeature.allCases.count == 24)
        #expect(FaceIndicator.allCases.count == 4)
        let face = try #require(PayloadSamples.all.first { $0 is FaceCaptured } as? FaceCaptured)
        guard case .map(let features)? = face.document["features"] else {
            Issue.record("features missing")
            return
        }
        #expect(features.fields.first?.name == "eyeOpennessLeft")
        #expect(features.fields.last?.name == "faceCenterX")
        #expect(face.features?[.browFurrow] == 6.0 / 32 - 0.25)
        guard case .array(let flat)? = face.document["landmarks"] else {
            Issue.record("landmarks missing")
            return
        }
        #expect(flat.count == 468 * 3)
    }

    @Test("a correction's payload decodes as the target kind")
    func correctionPayload() throws {
        let correction = EventCorrected(target: PayloadSamples.target, replacement: MoodRated(rating: 4, note: "fixed"))
        #expect(correction.payloadSchema == 2)
        #expect(try MoodRated(document: correction.payload) == MoodRated(rating: 4, note: "fixed"))
    }

    @Test("Event.decode rejects a payload of another kind")
    func decodeWrongKind() throws {
        let event = Event(MoodRated(rating: 5), start: Timestamp(micros: 0), utcOffset: 0)
        #expect(throws: ValidationError(field: "kind", value: "mood.rated", reason: "is not fatigue.rated")) {
            try event.decode(FatigueRated.self)
        }
    }

    /// Encodes an event with every envelope field set and decodes its payload again.
    static func envelopeRoundTrip<P: EventPayload>(_ payload: P) throws -> P {
        let event = Event(
            payload, id: PayloadSamples.target, start: Timestamp(micros: 1_772_346_600_123_456),
            end: Timestamp(micros: 1_772_346_660_000_000), utcOffset: 3600, zone: "Europe/Amsterdam",
            source: Source(name: "Health", device: "Apple Watch", version: "10.2"), causation: EventID(hex: String(repeating: "ab", count: 16)))
        let decoded = try EnvelopeCodec.decode(EnvelopeCodec.encode(event), recordedAt: event.recordedAt)
        #expect(decoded == event)
        #expect(decoded.schema == P.schema)
        return try decoded.decode(P.self)
    }
}

/// A payload as a test argument, named by its kind in the test report.
struct Sample: Sendable, CustomTestStringConvertible {
    let payload: any EventPayload
    var testDescription: String { type(of: payload).kind.rawValue }

    /// Runs `transform` on the payload and expects the same payload back.
    func check(_ transform: (any EventPayload) throws -> any EventPayload) throws {
        let result = try transform(payload)
        let same = Self.equal(result, payload)
        #expect(same, "\(testDescription): \(result.document) != \(payload.document)")
    }

    private static func equal<P: EventPayload>(_ lhs: any EventPayload, _ rhs: P) -> Bool {
        (lhs as? P) == rhs
    }
}
