/// Events as JSON objects, one per line in JSONL: what `log --json` prints and
/// `append --jsonl` (and bundle re-import) reads, with the same ids.
public enum EventJSON {
    public static func document(_ event: Event, sequence: UInt64? = nil) -> Document {
        var document = Document()
        if let sequence { document["sequence"] = .int(Int64(sequence)) }
        document["id"] = .string(event.id.description)
        document["kind"] = .string(event.kind.rawValue)
        document["schema"] = .int(Int64(event.schema))
        document["start"] = .string(event.start.iso8601(utcOffset: event.utcOffset))
        document.set("end", event.end.map { .string($0.iso8601(utcOffset: event.utcOffset)) })
        document["utcOffset"] = .int(Int64(event.utcOffset))
        document.set("zone", event.zone.map { .string($0) })
        if event.recordedAt.micros != 0 { document["recordedAt"] = .string(event.recordedAt.iso8601(utcOffset: 0)) }
        var source = Document()
        source["name"] = .string(event.source.name)
        source.set("device", event.source.device.map { .string($0) })
        source.set("version", event.source.version.map { .string($0) })
        document["source"] = .map(source)
        document.set("causation", event.causation.map { .string($0.description) })
        document["payload"] = .map(event.payload)
        return document
    }

    public static func line(_ event: Event, sequence: UInt64? = nil) -> String {
        JSONWriter.string(document(event, sequence: sequence))
    }

    /// `line` and its newline as UTF-8 appended to `out`, for writers of many lines.
    public static func writeLine(_ event: Event, sequence: UInt64? = nil, into out: inout [UInt8]) {
        JSONWriter.write(document(event, sequence: sequence), into: &out)
        out.append(UInt8(ascii: "\n"))
    }

    /// Reads one event; a missing id gets a random one, a time without an offset the one
    /// `zone` keeps at that instant.
    public static func event(from document: Document, zone: LocalZone) throws(ValidationError) -> Event {
        let kindName = try document.string("kind")
        guard let kind = EventKind(rawValue: kindName) else {
            throw ValidationError(field: "kind", value: "'\(kindName)'", reason: "is not a known kind (see `healthledger kinds`)")
        }
        let id: EventID
        if let text = try document.optionalString("id") {
            guard let parsed = EventID(hex: text) else {
                throw ValidationError(kind: kind, field: "id", value: "'\(text)'", reason: "must be 32 hex digits")
            }
            id = parsed
        } else {
            id = .random()
        }
        let start = try time(document, "start", kind: kind, zone: zone)
        let end = try document.optionalString("end") == nil ? nil : try time(document, "end", kind: kind, zone: zone)
        let offset = try document.optionalInt("utcOffset").map { Int32(clamping: $0) } ?? start.utcOffset
        var source = Source.cli
        if let sourceDocument = try document.optionalDocument("source") {
            source = Source(
                name: try sourceDocument.string("name"), device: try sourceDocument.optionalString("device"),
                version: try sourceDocument.optionalString("version"))
        }
        let causation = try document.optionalString("causation").map { (text) throws(ValidationError) in
            guard let parsed = EventID(hex: text) else {
                throw ValidationError(kind: kind, field: "causation", value: "'\(text)'", reason: "must be 32 hex digits")
            }
            return parsed
        }
        return Event(
            id: id, kind: kind, schema: Int(try document.optionalInt("schema") ?? Int64(PayloadCatalog.currentSchema(of: kind))),
            start: start.timestamp, end: end?.timestamp, utcOffset: offset, zone: try document.optionalString("zone"),
            source: source, causation: causation, payload: try document.optionalDocument("payload") ?? Document())
    }

    private static func time(
        _ document: Document, _ field: String, kind: EventKind, zone: LocalZone
    ) throws(ValidationError) -> (timestamp: Timestamp, utcOffset: Int32) {
        let text = try document.string(field)
        do {
            return try ISO8601.parse(text, zone: zone)
        } catch {
            throw ValidationError(kind: kind, field: field, value: "'\(text)'", reason: "is not an ISO 8601 time (\(error))")
        }
    }
}
