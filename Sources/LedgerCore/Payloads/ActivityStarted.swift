/// An instance of an activity began; its time is the envelope's start.
public struct ActivityStarted: EventPayload {
    public static let kind = EventKind.activityStarted
    public static let schema = 1

    /// The name of a defined activity.
    public var name: String
    public var note: String?
    /// Tags for this instance only, beside the definition's.
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

    public var document: Document {
        var document: Document = ["name": .string(name)]
        document.set("note", note.doc)
        document.setStrings("tags", tags)
        return document
    }
}
