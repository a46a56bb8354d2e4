/// A replacement payload for an earlier event; the original stays in the log unchanged.
public struct EventCorrected: EventPayload {
    public static let kind = EventKind.eventCorrected
    public static let schema = 1

    /// The event corrected.
    public var target: EventID
    /// The schema version `payload` is written at, so upcasters can bring it forward like
    /// any stored payload when the target kind's schema later changes.
    public var payloadSchema: Int
    /// The whole replacement payload of the target's kind.
    public var payload: Document
    public var reason: String?

    public init(target: EventID, payloadSchema: Int, payload: Document, reason: String? = nil) {
        self.target = target
        self.payloadSchema = payloadSchema
        self.payload = payload
        self.reason = reason
    }

    /// A correction carrying `payload` at its current schema.
    public init<P: EventPayload>(target: EventID, replacement payload: P, reason: String? = nil) {
        self.init(target: target, payloadSchema: P.schema, payload: payload.document, reason: reason)
    }

    public init(document: Document) throws(ValidationError) {
        do throws(ValidationError) {
            target = try Rule.eventID(document.string("target"), "target")
            let schema = try document.int("payloadSchema")
            guard schema >= 1, schema <= Int64(Int32.max) else {
                throw ValidationError(field: "payloadSchema", value: String(schema), reason: "must be a schema version of 1 or more")
            }
            payloadSchema = Int(schema)
            guard let payload = try document.optionalDocument("payload") else {
                throw ValidationError(field: "payload", value: "nothing", reason: "is required")
            }
            self.payload = payload
            reason = try document.optionalString("reason")
        } catch { throw error.tagged(Self.kind) }
    }

    public var document: Document {
        var document: Document = [
            "target": .string(target.description), "payloadSchema": .int(Int64(payloadSchema)), "payload": .map(payload),
        ]
        document.set("reason", reason.doc)
        return document
    }
}
