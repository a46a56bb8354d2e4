/// An activity a person tracks (Running, Socializing), defined once with its common tags.
public struct ActivityDefined: EventPayload {
    public static let kind = EventKind.activityDefined
    public static let schema = 1

    public var name: String
    public var description: String?
    /// Tags every instance of the activity carries.
    public var tags: [String]

    public init(name: String, description: String? = nil, tags: [String] = []) {
        self.name = name
        self.description = description
        self.tags = tags
    }

    public init(document: Document) throws(ValidationError) {
        do throws(ValidationError) {
            name = try Rule.nonEmpty(document.string("name"), "name")
            description = try document.optionalString("description")
            tags = try document.strings("tags")
        } catch { throw error.tagged(Self.kind) }
    }

    public var document: Document {
        var document: Document = ["name": .string(name)]
        document.set("description", description.doc)
        document.setStrings("tags", tags)
        return document
    }
}
