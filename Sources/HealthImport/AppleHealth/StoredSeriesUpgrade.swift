import LedgerCore
import LedgerStore

/// Heartbeat series an earlier version stored for the records being imported: a series'
/// id comes from its record's, so importing the export again finds the series stored and
/// would keep what the earlier version made of it — before rates were kept, no `bpm`, and
/// beats read at the export's offset (all at 0 s, or 23 h after their record).
///
/// Where a stored series, as it reads now, differs from the one just read, a correction
/// carrying the new one is appended after it; the original stays in the log. The
/// correction's id comes from the series and the new content, and a series already
/// corrected reads as the new one, so running the import again appends nothing.
final class StoredSeriesUpgrade {
    private let ledger: Ledger
    private let identity: ImportIdentity
    /// The stored series corrected so far.
    private(set) var corrected = 0

    static let reason = "read again from the export: beats at their offsets, with their rates"

    init(ledger: Ledger, identity: ImportIdentity) {
        self.ledger = ledger
        self.identity = identity
    }

    /// The corrections `events` bring to series stored before them, all looked up in one
    /// read: an import of a fresh vault finds none.
    func corrections(for events: [Event]) throws -> [Event] {
        let series = events.filter { $0.kind == .heartbeatSeriesRecorded }
        guard !series.isEmpty else { return [] }
        let stored = try ledger.currentEvents(ids: series.map(\.id))
        guard !stored.isEmpty else { return [] }
        var corrections: [Event] = []
        for event in series {
            guard let current = stored[event.id], !current.isRetracted, current.event.kind == event.kind,
                  current.event.payload != event.payload
            else { continue }
            let correction = Event(
                EventCorrected(target: event.id, payloadSchema: HeartbeatSeriesRecorded.schema, payload: event.payload, reason: Self.reason),
                id: identity.id("heartbeat series correction", [event.id.description, JSONWriter.string(event.payload)]),
                start: event.start, utcOffset: event.utcOffset, zone: event.zone, source: event.source, causation: event.id)
            try EventValidator.validate(correction)
            corrections.append(correction)
        }
        corrected += corrections.count
        return corrections
    }
}
