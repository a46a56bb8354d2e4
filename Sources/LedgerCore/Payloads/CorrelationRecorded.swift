/// A HealthKit correlation: samples recorded together (systolic and diastolic blood pressure, a meal's nutrients).
public struct CorrelationRecorded: EventPayload {
    public static let kind = EventKind.correlationRecorded
    public static let schema = 1

    /// `HKCorrelationTypeIdentifierBloodPressure` or `HKCorrelationTypeIdentifierFood`.
    public var type: String
    public var samples: [CorrelatedSample]
    public var metadata: [String: String]

    public init(type: String, samples: [CorrelatedSample], metadata: [String: String] = [:]) {
        self.type = type
        self.samples = samples
        self.metadata = metadata
    }

    public init(document: Document) throws(ValidationError) {
        do throws(ValidationError) {
            type = try Rule.typeIdentifier(document.string("type"), "type")
            samples = try document.items("samples", CorrelatedSample.init(document:))
            guard !samples.isEmpty else {
                throw ValidationError(field: "samples", value: describe(document["samples"]), reason: "must hold at least one sample")
            }
            metadata = try document.stringMap("metadata")
        } catch { throw error.tagged(Self.kind) }
    }

    public var document: Document {
        var document: Document = ["type": .string(type), "samples": .array(samples.map { .map($0.document) })]
        document.setMap("metadata", metadata, DocValue.string)
        return document
    }
}

/// One quantity inside a correlation.
public struct CorrelatedSample: Hashable, Sendable {
    /// A quantity type identifier, e.g. `HKQuantityTypeIdentifierBloodPressureSystolic`.
    public var type: String
    public var value: Double
    public var unit: String

    public init(type: String, value: Double, unit: String) {
        self.type = type
        self.value = value
        self.unit = unit
    }

    init(document: Document) throws(ValidationError) {
        type = try Rule.typeIdentifier(document.string("type"), "type")
        value = try document.double("value")
        unit = try Rule.healthUnit(document.string("unit"), "unit")
    }

    var document: Document { ["type": .string(type), "value": .double(value), "unit": .string(unit)] }
}
