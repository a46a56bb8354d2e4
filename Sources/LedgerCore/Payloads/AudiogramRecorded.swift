/// A hearing test: the quietest tone each ear heard at each frequency tested.
public struct AudiogramRecorded: EventPayload {
    public static let kind = EventKind.audiogramRecorded
    public static let schema = 1

    /// As exported, e.g. `HKDataTypeIdentifierAudiogram`.
    public var type: String
    /// One per frequency tested. Few enough per audiogram (about a dozen) that each is an object
    /// rather than a column like a route's points.
    public var points: [AudiogramPoint]
    public var metadata: [String: String]

    public init(type: String, points: [AudiogramPoint], metadata: [String: String] = [:]) {
        self.type = type
        self.points = points
        self.metadata = metadata
    }

    public init(document: Document) throws(ValidationError) {
        do throws(ValidationError) {
            type = try Rule.typeIdentifier(document.string("type"), "type")
            points = try document.items("points", AudiogramPoint.init(document:))
            guard !points.isEmpty else {
                throw ValidationError(field: "points", value: describe(document["points"]), reason: "must hold at least one frequency")
            }
            metadata = try document.stringMap("metadata")
        } catch { throw error.tagged(Self.kind) }
    }

    public var document: Document {
        var document: Document = ["type": .string(type), "points": .array(points.map { .map($0.document) })]
        document.setMap("metadata", metadata, DocValue.string)
        return document
    }
}
