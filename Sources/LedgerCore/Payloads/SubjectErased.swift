/// A crypto-shred happened: the key of an event's subject data was destroyed.
///
/// It names only ids, never what was erased, so the record itself holds no personal data.
public struct SubjectErased: EventPayload {
    public static let kind = EventKind.subjectErased
    public static let schema = 1

    /// The event whose subject data was erased.
    public var target: EventID
    /// The key of the blob destroyed, when the data was a blob (a face image).
    public var blob: String?

    public init(target: EventID, blob: String? = nil) {
        self.target = target
        self.blob = blob
    }

    public init(document: Document) throws(ValidationError) {
        do throws(ValidationError) {
            target = try Rule.eventID(document.string("target"), "target")
            blob = try Rule.nonEmptyIfPresent(document.optionalString("blob"), "blob")
        } catch { throw error.tagged(Self.kind) }
    }

    public var document: Document {
        var document: Document = ["target": .string(target.description)]
        document.set("blob", blob.doc)
        return document
    }
}
