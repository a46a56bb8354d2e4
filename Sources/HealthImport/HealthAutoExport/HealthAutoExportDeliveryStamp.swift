import LedgerCore
import LedgerStore

/// When Health Auto Export delivered a bucket (the file's modification time, or when the
/// listener received the request), written into the bucket's own metadata as it is stored.
///
/// A re-sent bucket with another value is a correction only if its delivery is later than the
/// delivery of the value held: delivery against delivery, one clock. Comparing with the
/// held value's `recordedAt` (when it was committed) let a file written before an earlier
/// file was imported, though newer than it, lose to it.
enum HealthAutoExportDeliveryStamp {
    static let key = "HealthAutoExportDelivered"

    /// The kinds with a text map to hold it: a symptom or a mood has none, and is compared by
    /// when it was committed, as buckets stored before the stamp are.
    static let stampedKinds: Set<EventKind> = [.sampleRecorded, .categoryRecorded, .workoutRecorded, .exportElementRecorded]

    /// `payload` with `delivered` in its metadata (a kept element's attributes), in UTC to the microsecond.
    static func stamped(_ payload: Document, kind: EventKind, at delivered: Timestamp) -> Document {
        guard stampedKinds.contains(kind) else { return payload }
        var payload = payload
        let field = mapField(of: kind)
        var map: Document = if case .map(let existing)? = payload[field] { existing } else { Document() }
        map[key] = .string(delivered.iso8601(utcOffset: 0))
        // Sorted as the typed payloads write their maps, so equal maps encode to equal bytes.
        payload[field] = .map(Document(map.fields.sorted { $0.name < $1.name }.map { ($0.name, $0.value) }))
        return payload
    }

    /// `payload` without its stamp: what two deliveries of one bucket are compared by.
    static func unstamped(_ payload: Document, kind: EventKind) -> Document {
        guard stampedKinds.contains(kind) else { return payload }
        let field = mapField(of: kind)
        guard case .map(var map)? = payload[field], map[key] != nil else { return payload }
        map[key] = nil
        var payload = payload
        payload[field] = .map(map)
        return payload
    }

    /// The delivery written in `payload`, nil for a bucket an earlier version stored.
    static func delivered(in payload: Document, kind: EventKind) -> Timestamp? {
        guard stampedKinds.contains(kind), case .map(let map)? = payload[mapField(of: kind)], case .string(let text)? = map[key] else { return nil }
        return try? ISO8601.parse(text, localOffset: 0).timestamp
    }

    /// When the value a bucket holds now was delivered.
    ///
    /// Its stamp, if Health Auto Export wrote its latest version. A bucket stored by a version
    /// before the stamp, or last corrected or retracted by a person, counts as delivered when
    /// that version was committed (`recordedAt`): the rule before stamps, and a person's word is
    /// kept over any file written before they gave it.
    static func delivery(of current: CurrentEvent) -> Timestamp {
        let latest = current.amendments.last?.event ?? current.stored.event
        guard latest.source.name == Source.healthAutoExport.name else { return latest.recordedAt }
        return delivered(in: current.event.payload, kind: current.event.kind) ?? latest.recordedAt
    }

    private static func mapField(of kind: EventKind) -> String { kind == .exportElementRecorded ? "attributes" : "metadata" }
}
