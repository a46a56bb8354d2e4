/// One immutable fact in the ledger: the envelope every kind shares, and its payload.
public struct Event: Hashable, Sendable {
    public var id: EventID
    public var kind: EventKind
    /// The version of this kind's payload layout the event was written with.
    public var schema: Int
    public var start: Timestamp
    public var end: Timestamp?
    /// Seconds east of UTC where the event happened, so its local day is known.
    public var utcOffset: Int32
    public var zone: String?
    /// When the ledger stored it; assigned at commit, never by the writer.
    public var recordedAt: Timestamp
    public var source: Source
    /// The import batch or the event this one corrects.
    public var causation: EventID?
    public var payload: Document

    public init(
        id: EventID = .random(), kind: EventKind, schema: Int, start: Timestamp, end: Timestamp? = nil,
        utcOffset: Int32, zone: String? = nil, recordedAt: Timestamp = Timestamp(micros: 0),
        source: Source, causation: EventID? = nil, payload: Document
    ) {
        self.id = id
        self.kind = kind
        self.schema = schema
        self.start = start
        self.end = end
        self.utcOffset = utcOffset
        self.zone = zone
        self.recordedAt = recordedAt
        self.source = source
        self.causation = causation
        self.payload = payload
    }

    /// An event carrying a typed payload at its current schema.
    public init<P: EventPayload>(
        _ payload: P, id: EventID = .random(), start: Timestamp, end: Timestamp? = nil,
        utcOffset: Int32, zone: String? = nil, source: Source = .cli, causation: EventID? = nil
    ) {
        self.init(
            id: id, kind: P.kind, schema: P.schema, start: start, end: end, utcOffset: utcOffset, zone: zone,
            source: source, causation: causation, payload: payload.document)
    }

    /// Decodes the payload as `P`; the payload must already be at `P.schema` (see Migrations).
    public func decode<P: EventPayload>(_ type: P.Type) throws(ValidationError) -> P {
        guard kind == P.kind else {
            throw ValidationError(field: "kind", value: kind.rawValue, reason: "is not \(P.kind.rawValue)")
        }
        return try P(document: payload)
    }
}
