/// The binary layout of an event inside a sealed record.
///
/// `recordedAt` is not written: the ledger stores it once per committed batch.
public enum EnvelopeCodec {
    private struct Flags: OptionSet {
        let rawValue: UInt8
        static let end = Flags(rawValue: 1 << 0)
        static let zone = Flags(rawValue: 1 << 1)
        static let device = Flags(rawValue: 1 << 2)
        static let version = Flags(rawValue: 1 << 3)
        static let causation = Flags(rawValue: 1 << 4)
    }

    public static func encode(_ event: Event) -> [UInt8] {
        var writer = BinaryWriter(capacity: 160)
        encode(event, into: &writer)
        return writer.bytes
    }

    /// Appends the event's bytes: a bulk append reuses one writer rather than allocate per event.
    public static func encode(_ event: Event, into writer: inout BinaryWriter) {
        writer.byte(event.kind.code)
        writer.varint(UInt64(event.schema))
        event.id.withUnsafeBytes { writer.raw($0) }
        var flags: Flags = []
        if event.end != nil { flags.insert(.end) }
        if event.zone != nil { flags.insert(.zone) }
        if event.source.device != nil { flags.insert(.device) }
        if event.source.version != nil { flags.insert(.version) }
        if event.causation != nil { flags.insert(.causation) }
        writer.byte(flags.rawValue)
        writer.signed(event.start.micros)
        if let end = event.end { writer.signed(end.micros &- event.start.micros) }
        writer.signed(Int64(event.utcOffset))
        if let zone = event.zone { writer.string(zone) }
        writer.string(event.source.name)
        if let device = event.source.device { writer.string(device) }
        if let version = event.source.version { writer.string(version) }
        if let causation = event.causation { causation.withUnsafeBytes { writer.raw($0) } }
        DocumentCodec.encode(event.payload, into: &writer)
    }

    public static func decode(_ bytes: [UInt8], recordedAt: Timestamp) throws(DecodingError) -> Event {
        var fresh = FreshStrings()
        return try decode(bytes, recordedAt: recordedAt, from: &fresh)
    }

    /// `decode(_:recordedAt:)` taking every string it has seen before from `strings`: the
    /// same event, with fewer allocations. A whole-log read decodes millions of events whose
    /// long strings are mostly the same few.
    public static func decode(_ bytes: [UInt8], recordedAt: Timestamp, strings: inout StringTable) throws(DecodingError) -> Event {
        try decode(bytes, recordedAt: recordedAt, from: &strings)
    }

    private static func decode(_ bytes: [UInt8], recordedAt: Timestamp, from strings: inout some StringSource) throws(DecodingError) -> Event {
        var reader = BinaryReader(bytes)
        let (header, flags) = try readHeader(&reader)
        let zone = flags.contains(.zone) ? try strings.string(from: &reader) : nil
        var source = Source(name: try strings.string(from: &reader))
        if flags.contains(.device) { source.device = try strings.string(from: &reader) }
        if flags.contains(.version) { source.version = try strings.string(from: &reader) }
        let causation = flags.contains(.causation) ? EventID(bytes: try reader.raw(EventID.byteCount)) : nil
        let payload = try DocumentCodec.readDocument(from: &reader, strings: &strings)
        guard reader.isAtEnd else { throw .malformed("trailing bytes after event", at: reader.offset) }
        return Event(
            id: header.id, kind: header.kind, schema: header.schema, start: header.start, end: header.end,
            utcOffset: header.utcOffset, zone: zone, recordedAt: recordedAt, source: source, causation: causation,
            payload: payload)
    }

    /// The header of the event in `bytes`, after checking everything `decode` checks: it
    /// throws exactly when `decode` does, with the same error, but makes no string and no
    /// payload. A whole-log audit needs no more of most events.
    public static func header(_ bytes: [UInt8]) throws(DecodingError) -> EventHeader {
        var ignored = IgnoredTokens()
        return try header(bytes, tokens: &ignored)
    }

    /// `header(_:)` adding the text index's codes of the event (its payload's grams and its
    /// source's) to `grams` as it steps over it.
    public static func header(_ bytes: [UInt8], grams: inout PayloadGrams) throws(DecodingError) -> EventHeader {
        try header(bytes, tokens: &grams)
    }

    static func header(_ bytes: [UInt8], tokens: inout some DocumentTokenSink) throws(DecodingError) -> EventHeader {
        var reader = BinaryReader(bytes)
        let (header, flags) = try readHeader(&reader)
        if flags.contains(.zone) { try reader.skipString() }
        tokens.source(try reader.checkedSlice())
        if flags.contains(.device) { try reader.skipString() }
        if flags.contains(.version) { try reader.skipString() }
        if flags.contains(.causation) { _ = try reader.raw(EventID.byteCount) }
        try DocumentCodec.skipDocument(from: &reader, tokens: &tokens)
        guard reader.isAtEnd else { throw .malformed("trailing bytes after event", at: reader.offset) }
        return header
    }

    /// The kind and schema version an encoded event starts with, read without the rest; nil
    /// when they do not read (`header(_:)` then says why).
    public static func kindAndSchema(_ bytes: [UInt8]) -> (kind: EventKind, schema: Int)? {
        var reader = BinaryReader(bytes)
        guard let code = try? reader.byte(), let kind = EventKind(code: code), let raw = try? reader.varint(), let schema = Int(exactly: raw) else { return nil }
        return (kind, schema)
    }

    private static func readHeader(_ reader: inout BinaryReader) throws(DecodingError) -> (EventHeader, Flags) {
        let kindCode = try reader.byte()
        guard let kind = EventKind(code: kindCode) else { throw .malformed("unknown event kind \(kindCode)", at: 0) }
        guard let schema = Int(exactly: try reader.varint()) else { throw .malformed("schema version out of range", at: reader.offset) }
        // Cannot fail: the reader gives exactly an id's 16 bytes or throws
        let id = EventID(bytes: try reader.raw(EventID.byteCount))!
        let flags = Flags(rawValue: try reader.byte())
        let start = Timestamp(micros: try reader.signed())
        let end = flags.contains(.end) ? Timestamp(micros: start.micros &+ (try reader.signed())) : nil
        guard Timestamp.writable.contains(start), end.map(Timestamp.writable.contains) != false else {
            throw .malformed("start or end outside the years 0001–9999", at: reader.offset)
        }
        let offset = try reader.signed()
        guard let utcOffset = Int32(exactly: offset) else { throw .malformed("UTC offset out of range", at: reader.offset) }
        return (EventHeader(id: id, kind: kind, schema: schema, start: start, end: end, utcOffset: utcOffset), flags)
    }
}

/// What an event's envelope says before its zone, source and payload.
public struct EventHeader: Sendable, Equatable {
    public let id: EventID
    public let kind: EventKind
    public let schema: Int
    public let start: Timestamp
    public let end: Timestamp?
    public let utcOffset: Int32
}
