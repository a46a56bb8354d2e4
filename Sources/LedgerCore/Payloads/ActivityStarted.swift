/// An instance of an activity began; its time is the envelope's start.
public struct ActivityStarted: EventPayload {
    public static let kind = EventKind.activityStarted
    public static let schema = 1

    /// The name of a defined activity.
    public var name: String
    public var note: String?
    /// The instance's tags: its definition's when it started, then its own (so a query on
    /// instances finds the definition's tags without a join).
    public var tags: [String]

    public init(name: String, note: String? = nil, tags: [String] = []) {
        self.name = name
        self.note = note
        self.tags = tags
    }

    public init(document: Document) throws(ValidationError) {
        do throws(ValidationError) {
            name = try Rule.nonEmpty(document.string("name"), "name")
            note = try document.optionalString("note")
            tags = try document.strings("tags")
        } catch { throw error.tagged(Self.kind) }
    }

    /// The definition's tags, then the extra ones it lacks, each once.
    public static func instanceTags(definition: [String], extra: [String]) -> [String] {
        var seen = Set<String>()
        return (definition + extra).filter { seen.insert($0).inserted }
    }

    public var document: Document {
        var document: Document = ["name": .string(name)]
        document.set("note", note.doc)
        document.setStrings("tags", tags)
        return document
    }
}
