/// A HealthKit quantity sample (heart rate, steps, weight…); its time is the envelope's start and end.
public struct SampleRecorded: EventPayload {
    public static let kind = EventKind.sampleRecorded
    public static let schema = 1

    /// A quantity type identifier, e.g. `HKQuantityTypeIdentifierHeartRate`.
    public var type: String
    public var value: Double
    /// A HealthKit unit string (`count/min`, `kg`); see `HealthUnit`.
    public var unit: String
    /// HealthKit metadata as text (`HKMetadataKeyHeartRateMotionContext` → `1`).
    public var metadata: [String: String]

    public init(type: String, value: Double, unit: String, metadata: [String: String] = [:]) {
        self.type = type
        self.value = value
        self.unit = unit
        self.metadata = metadata
    }

    public init(document: Document) throws(ValidationError) {
        do throws(ValidationError) {
            type = try Rule.typeIdentifier(document.string("type"), "type")
            value = try document.double("value")
            unit = try Rule.healthUnit(document.string("unit"), "unit")
            metadata = try document.stringMap("metadata")
        } catch { throw error.tagged(Self.kind) }
    }

    public var document: Document {
        var document = Document(reservingCapacity: 4)
        document.appendNew("type", .string(type))
        document.appendNew("value", .double(value))
        document.appendNew("unit", .string(unit))
        document.setMap("metadata", metadata, DocValue.string)
        return document
    }
}
