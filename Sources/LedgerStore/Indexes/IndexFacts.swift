import LedgerCore
import LedgerCrypto
import Migrations

/// What one event contributes to the store indexes, taken while its plain form is at hand
/// (when an append prepares it, or when a build decodes it).
struct IndexFacts {
    let id: EventID
    let kind: EventKind
    /// The local day it started on, at the UTC offset it was recorded with.
    let day: LocalDay
    /// Whether it lasts more than a day: such events are also listed under the day index's
    /// tag of long events, since the days they count on are not near the day they started.
    let lastsOverADay: Bool
    /// For an amendment: the event it amends.
    let target: EventID?
    /// For a start or a stop that decodes: what the running activities need of it.
    let activity: ActivityFact?
    /// For a record another importer may bring under another id: its `SameRecord` key, hashed
    /// to an id's size, and the name of the event's source, which a commit that skips a later
    /// event for it names.
    let sameRecord: (key: EventID, sourceName: String)?
    /// Its codes in the text index: its payload's grams and its source's code (empty from a
    /// header: the audit takes them as it opens records). Not the payload itself: a step of a
    /// rebuild holds the facts of 50,000 events, and a workout route's payload is tens of kilobytes.
    let textCodes: [UInt32]
    /// Whether its sealed record is large enough for a text filter of its own
    /// (`LargeEventFilters`): set by whoever knows the record's size.
    var isLargeRecord = false

    /// `textCodes`, when given, are the codes the text index needs of this event (see
    /// `BlockGrams`); else all of them.
    init(_ event: Event, textCodes: [UInt32]? = nil) {
        id = event.id
        self.textCodes = textCodes ?? Self.textCodes(event)
        kind = event.kind
        day = LocalDay(event.start, utcOffset: event.utcOffset)
        lastsOverADay = Self.lastsOverADay(event)
        sameRecord = Self.sameRecordKey(event).map { ($0, event.source.name) }
        if Self.amendsOrRuns(event.kind) {
            // As readers will see it: older schemas are upcast first.
            let current = (try? Upcasters.upgrade(event)) ?? event
            target = CurrentEventStream.target(of: current)
            activity = ActivityFact(current)
        } else {
            target = nil
            activity = nil
        }
    }
}

extension IndexFacts {
    /// The facts of an event whose kind needs nothing of its payload or source, from its
    /// header alone; nil for the kinds that do.
    init?(_ header: EventHeader) {
        guard !Self.needsPayload(header.kind) else { return nil }
        id = header.id
        kind = header.kind
        day = LocalDay(header.start, utcOffset: header.utcOffset)
        lastsOverADay = Self.lastsOverADay(start: header.start, end: header.end)
        target = nil
        activity = nil
        sameRecord = nil
        textCodes = []
    }

    /// Whether the facts of an event of this kind come from its payload or source too:
    /// amendments, starts and stops, and the kinds `SameRecord` keys (an ECG's key holds no
    /// more than its start, but the index names its source).
    static func needsPayload(_ kind: EventKind) -> Bool {
        amendsOrRuns(kind) || kind == .electrocardiogramRecorded || kind == .categoryRecorded
    }

    /// Whether an event of this kind amends another or starts or stops an activity.
    static func amendsOrRuns(_ kind: EventKind) -> Bool {
        switch kind {
        case .eventCorrected, .eventRetracted, .activityStarted, .activityStopped: true
        default: false
        }
    }

    /// The event's `SameRecord` key hashed to an id's size, nil when it has none.
    static func sameRecordKey(_ event: Event) -> EventID? {
        // Cannot fail: the hash is 16 bytes, an id's size
        SameRecord.key(of: event).map { EventID(bytes: Hashing.blake2b($0, outputLength: EventID.byteCount))! }
    }

    static func lastsOverADay(_ event: Event) -> Bool {
        lastsOverADay(start: event.start, end: event.end)
    }

    static func lastsOverADay(start: Timestamp, end: Timestamp?) -> Bool {
        (end?.micros ?? start.micros) - start.micros > 86_400_000_000
    }
}

/// A start or a stop, as the running activities fold takes it.
enum ActivityFact {
    case started(name: String, start: Timestamp)
    case stopped(name: String, startedBy: EventID?, start: Timestamp)

    init?(_ event: Event) {
        if let started = try? event.decode(ActivityStarted.self) {
            self = .started(name: started.name, start: event.start)
        } else if let stopped = try? event.decode(ActivityStopped.self) {
            self = .stopped(name: stopped.name, startedBy: stopped.startedBy, start: event.start)
        } else {
            return nil
        }
    }
}
