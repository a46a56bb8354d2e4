public import LedgerCore

/// An instant and the UTC offset of the place it was lived in.
public typealias ZonedTime = (timestamp: Timestamp, utcOffset: Int32)

/// When an entry happened and how it is identified, as typed (`--at`, `--end`, `--id`, or a
/// form's "when" field); read in this machine's zone, though an offset written in the text wins.
public struct EntryTiming {
    public var at: String?
    public var end: String?
    public var id: String?
    public var zone: LocalZone
    /// Whether a time in the future is meant (`--future`): an entry otherwise records what has happened.
    public var future: Bool

    /// How far ahead a time may be without `future`: clocks of two devices disagree a little.
    public static let clockSkewSeconds = 60.0

    public init(at: String? = nil, end: String? = nil, id: String? = nil, zone: LocalZone = .current, future: Bool = false) {
        self.at = at
        self.end = end
        self.id = id
        self.zone = zone
        self.future = future
    }

    /// The instant `text`, typed after `flag`, names (default: now) and the offset it is local
    /// to; errors name the flag and the forms it takes.
    public func time(_ text: String?, flag: String = "--at") throws -> ZonedTime {
        let now = Timestamp.now()
        guard let text else { return zoned(now) }
        let resolved: ZonedTime
        do {
            resolved = try TimeExpression.resolve(text, now: now, zone: zone)
        } catch {
            throw EntryRejected("\(flag) \(error)")
        }
        if !future, resolved.timestamp > now.adding(seconds: Self.clockSkewSeconds) {
            throw EntryRejected(
                "\(flag) \(text) is in the future (\(resolved.timestamp.iso8601(utcOffset: resolved.utcOffset))); "
                    + "an entry records what has happened: check the date, or add --future to store it so")
        }
        return resolved
    }

    /// The whole seconds of a duration typed after `flag` (`--ago 20m`, `--ttl 1h30m`); an
    /// error names the flag and the forms a duration takes.
    public static func seconds(_ text: String, flag: String) throws -> Int64 {
        do {
            return try TimeExpression.parseDuration(text)
        } catch {
            throw EntryRejected("\(flag) \(error)")
        }
    }

    /// The zone an entry at `time` is stored with: this machine's, unless the text named
    /// another offset, which is then the entry's own (views read a sample's named zone first).
    public func storedZone(for time: ZonedTime) -> String? {
        zone.offset(at: time.timestamp) == time.utcOffset ? zone.identifier : nil
    }

    /// An instant with the offset this machine's zone keeps then.
    public func zoned(_ instant: Timestamp) -> ZonedTime { (instant, zone.offset(at: instant)) }

    /// Whether the entry's ids are drawn at random (no `--id`), so none can be stored already.
    public var idsDrawnAtRandom: Bool { id == nil }

    public func eventID() throws -> EventID {
        guard let id else { return .random() }
        guard let parsed = EventID(hex: id) else { throw EntryRejected("--id \(id) must be 32 hex digits") }
        return parsed
    }

    /// An event of `payload` at the chosen time (`start`, else `at`), local to its own offset.
    public func event<P: EventPayload>(_ payload: P, start: ZonedTime? = nil, causation: EventID? = nil) throws -> Event {
        let begin = try start ?? time(at)
        return Event(
            payload, id: try eventID(), start: begin.timestamp, end: try end.map { try time($0, flag: "--end").timestamp },
            utcOffset: begin.utcOffset, zone: storedZone(for: begin), causation: causation)
    }
}
