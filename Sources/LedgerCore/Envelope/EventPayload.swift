/// A typed payload of one event kind, at that kind's current schema version.
///
/// `init(document:)` validates: a value that could never be true of a person (a mood
/// outside its scale, a negative dose) is rejected with the field and value named.
public protocol EventPayload: Sendable, Equatable {
    static var kind: EventKind { get }
    static var schema: Int { get }
    init(document: Document) throws(ValidationError)
    var document: Document { get }
}

extension EventPayload {
    /// Validates the payload as a round-trip through its document form.
    public func validated() throws(ValidationError) -> Self { try Self(document: document) }
}
