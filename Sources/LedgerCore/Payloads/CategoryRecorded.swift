/// A HealthKit category sample: a sleep stage, a mindful session, a symptom logged in Health.
public struct CategoryRecorded: EventPayload {
    public static let kind = EventKind.categoryRecorded
    public static let schema = 1

    /// A category type identifier, e.g. `HKCategoryTypeIdentifierSleepAnalysis`.
    public var type: String
    /// The value as Health exports it: `HKCategoryValueSleepAnalysisAsleepREM`, or integer text.
    public var value: String
    public var metadata: [String: String]

    public init(type: String, value: String, metadata: [String: String] = [:]) {
        self.type = type
        self.value = value
        self.metadata = metadata
    }

    public init(document: Document) throws(ValidationError) {
        do throws(ValidationError) {
            type = try Rule.typeIdentifier(document.string("type"), "type")
            // Some sources give the raw integer of the category value; keep it as its text.
            if case .int(let number)? = document["value"] {
                value = String(number)
            } else {
                value = try Rule.nonEmpty(document.string("value"), "value")
            }
            metadata = try document.stringMap("metadata")
        } catch { throw error.tagged(Self.kind) }
    }

    public var document: Document {
        var document = Document(reservingCapacity: 3)
        document.appendNew("type", .string(type))
        document.appendNew("value", .string(value))
        document.setMap("metadata", metadata, DocValue.string)
        return document
    }
}
