/// An earlier event withdrawn: views leave it out, the log keeps it.
public struct EventRetracted: EventPayload {
    public static let kind = EventKind.eventRetracted
    public static let schema = 1

    /// The event retracted.
    public var target: EventID
    public var reason: String?

    public init(target: EventID, reason: String? = nil) {
        self.target = target
        self.reason = reason
    }

    public init(document: Document) throws(ValidationError) {
        do throws(ValidationError) {
            target = try Rule.eventID(document.string("target"), "target")
            reason = try document.optionalString("reason")
        } catch { throw error.tagged(Self.kind) }
    }

    public var document: Document {
        var document: Document = ["target": .string(target.description)]
        document.set("reason", reason.doc)
        return document
    }
}
