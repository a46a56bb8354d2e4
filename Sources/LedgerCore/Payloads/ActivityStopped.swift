/// An instance of an activity ended; its time is the envelope's start.
public struct ActivityStopped: EventPayload {
    public static let kind = EventKind.activityStopped
    public static let schema = 1

    /// The name of a defined activity.
    public var name: String
    /// The `activity.started` event this ends, when known; otherwise the latest open one.
    public var startedBy: EventID?
    public var note: String?

    public init(name: String, startedBy: EventID? = nil, note: String? = nil) {
        self.name = name
        self.startedBy = startedBy
        self.note = note
    }

    public init(document: Document) throws(ValidationError) {
        do throws(ValidationError) {
            name = try Rule.nonEmpty(document.string("name"), "name")
            startedBy = try document.optionalString("startedBy").map { (text) throws(ValidationError) in try Rule.eventID(text, "startedBy") }
            note = try document.optionalString("note")
        } catch { throw error.tagged(Self.kind) }
    }

    public var document: Document {
        var document: Document = ["name": .string(name)]
        document.set("startedBy", startedBy.map { .string($0.description) })
        document.set("note", note.doc)
        return document
    }
}
