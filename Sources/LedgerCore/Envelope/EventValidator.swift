/// Checks an event before it is stored: the envelope, then the payload of its kind.
public enum EventValidator {
    /// Offsets beyond ±18 h exist nowhere on Earth.
    public static let maximumOffset: Int32 = 18 * 3600

    /// `payloadChecked` skips the payload, for a caller that built it from values it has
    /// checked against the payload's rules already (an importer, per run of like records).
    public static func validate(_ event: Event, payloadChecked: Bool = false) throws(ValidationError) {
        let times: [(field: String, time: Timestamp?)] = [("start", event.start), ("end", event.end)]
        for (field, time) in times {
            guard let time, !Timestamp.writable.contains(time) else { continue }
            throw ValidationError(kind: event.kind, field: field, value: "\(time.micros) µs since 1970", reason: "is outside the years 0001–9999")
        }
        if let end = event.end, end < event.start {
            throw ValidationError(
                kind: event.kind, field: "end", value: end.iso8601(utcOffset: event.utcOffset),
                reason: "is before start \(event.start.iso8601(utcOffset: event.utcOffset))")
        }
        guard (-maximumOffset...maximumOffset).contains(event.utcOffset) else {
            throw ValidationError(kind: event.kind, field: "utcOffset", value: "\(event.utcOffset)", reason: "is beyond ±18 hours")
        }
        guard !event.source.name.isEmpty else {
            throw ValidationError(kind: event.kind, field: "source", value: "''", reason: "must name the app or device")
        }
        let fields = EventLimits.fieldCount(event.payload)
        guard fields <= EventLimits.maximumFields else {
            throw ValidationError(
                kind: event.kind, field: "payload", value: "\(fields) fields",
                reason: "is more than the \(EventLimits.maximumFields) named fields an event may have; put long series in a list")
        }
        if !payloadChecked { try PayloadCatalog.validate(kind: event.kind, schema: event.schema, payload: event.payload) }
    }
}
