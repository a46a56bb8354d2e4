/// A device's `ingest serve` token was revoked: from this event on the listener refuses it.
public struct IngestTokenRevoked: EventPayload {
    public static let kind = EventKind.ingestTokenRevoked
    public static let schema = 1

    /// The id the token was added under.
    public var token: String

    public init(token: String) {
        self.token = token
    }

    public init(document: Document) throws(ValidationError) {
        do throws(ValidationError) {
            token = try IngestTokenAdded.hex(document.string("token"), "token", length: nil)
        } catch { throw error.tagged(Self.kind) }
    }

    public var document: Document { ["token": .string(token)] }
}
