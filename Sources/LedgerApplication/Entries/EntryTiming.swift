import LedgerCore

/// An instant and the UTC offset of the place it was lived in.
public typealias ZonedTime = (timestamp: Timestamp, utcOffset: Int32)

/// When an entry happened and how it is identified, as typed (`--at`, `--end`, `--id`, or a
/// form's "when" field); read in this machine's zone, though an offset written in the text wins.
public struct EntryTiming {
    public var at: String?
    public var end: String?
    public var id: String?
    public var zone: LocalZone

    public init(at: String? = nil, end: String? = nil, id: String? = nil, zone: LocalZone = .current) {
        self.at = at
        self.end = end
        self.id = id
        self.zone = zone
    }

    /// The instant `text` names (default: now) and the offset it is local to.
    public func time(_ text: String?) throws -> ZonedTime {
        guard let text else { return zoned(.now()) }
        return try TimeExpression.resolve(text, now: .now(), zone: zone)
    }

    /// An instant with the offset this machine's zone keeps then.
    public func zoned(_ instant: Timestamp) -> ZonedTime { (instant, zone.offset(at: instant)) }

    public func eventID() throws -> EventID {
        guard let id else { return .random() }
        guard let parsed = EventID(hex: id) else { throw EntryRejected("--id \(id) must be 32 hex digits") }
        return parsed
    }

    /// An event of `payload` at the chosen time (`start`, else `at`), local to its own offset.
    public func event<P: EventPayload>(_ payload: P, start: ZonedTime? = nil, causation: EventID? = nil) throws -> Event {
        let begin = try start ?? time(at)
        return Event(
            payload, id: try eventID(), start: begin.timestamp, end: try end.map { try time($0).timestamp },
            utcOffset: begin.utcOffset, zone: zone.identifier, causation: causation)
    }
}
