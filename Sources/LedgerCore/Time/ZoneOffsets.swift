import Foundation

/// The offset a named IANA zone keeps at an instant, for events that name the zone they
/// were lived in: a sample's local day and clock follow that zone at each of its moments,
/// whatever offset the file that brought it was written at.
///
/// Views read millions of events, mostly in time order: each zone keeps the span from the
/// last instant looked up to its next clock change, and an instant inside it costs a compare.
public struct ZoneOffsets: Sendable {
    private struct Span {
        let zone: TimeZone
        var from: Int64
        var until: Int64
        var offset: Int32
    }

    /// By zone name; nil for a name that is no zone.
    private var spans: [String: Span?] = [:]

    public init() {}

    /// The offset `zone` keeps at `instant`, or nil when `zone` names no zone this system knows.
    public mutating func offset(_ zone: String, at instant: Timestamp) -> Int32? {
        let micros = instant.micros
        if let cached = spans[zone] {
            guard var span = cached else { return nil }
            if micros >= span.from, micros < span.until { return span.offset }
            span = Self.span(span.zone, at: micros)
            spans[zone] = span
            return span.offset
        }
        guard let timeZone = TimeZone(identifier: zone) else {
            spans[zone] = .some(nil)
            return nil
        }
        let span = Self.span(timeZone, at: micros)
        spans[zone] = span
        return span.offset
    }

    private static func span(_ zone: TimeZone, at micros: Int64) -> Span {
        let date = Date(timeIntervalSince1970: Double(micros) / 1e6)
        let offset = Int32(zone.secondsFromGMT(for: date))
        let next = zone.nextDaylightSavingTimeTransition(after: date).map { Int64(($0.timeIntervalSince1970 * 1e6).rounded()) }
        // Without a next change the offset holds for a day: a zone may still change rules.
        let until = next.map { max($0, micros + 1) } ?? micros + 86_400_000_000
        return Span(zone: zone, from: micros, until: until, offset: offset)
    }
}

extension Event {
    /// The zone a recorded health sample names (Apple Health's `HKTimeZone`), whose offset
    /// views read it at; nil for other kinds: a typed entry's offset, written in the text,
    /// wins over the machine's zone stored beside it.
    public var sampleZone: String? {
        switch kind {
        case .sampleRecorded, .categoryRecorded, .correlationRecorded, .workoutRecorded: zone
        default: nil
        }
    }
}
