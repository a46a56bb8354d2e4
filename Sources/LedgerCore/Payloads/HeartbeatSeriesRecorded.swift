/// A heartbeat series (the beat-to-beat data behind HRV): when each beat fell.
///
/// Stored as two columns, `offsets` and `gaps` (the positions of beats preceded by a gap),
/// rather than one object per beat: a series holds ~100 beats and field names per beat
/// would make the record several times larger.
public struct HeartbeatSeriesRecorded: EventPayload {
    public static let kind = EventKind.heartbeatSeriesRecorded
    public static let schema = 1

    public var beats: [Heartbeat]

    public init(beats: [Heartbeat]) { self.beats = beats }

    public init(document: Document) throws(ValidationError) {
        do throws(ValidationError) {
            let offsets = try document.doubles("offsets")
            guard !offsets.isEmpty else {
                throw ValidationError(field: "offsets", value: describe(document["offsets"]), reason: "must hold at least one beat")
            }
            var previous = 0.0
            for (index, offset) in offsets.enumerated() {
                guard offset >= previous else {
                    throw ValidationError(
                        field: "offsets[\(index)]", value: describe(.double(offset)),
                        reason: index == 0 ? "must not be negative" : "must not be earlier than the beat before")
                }
                previous = offset
            }
            var gaps = Set<Int>()
            for (index, position) in try document.ints("gaps").enumerated() {
                guard (0..<Int64(offsets.count)).contains(position) else {
                    throw ValidationError(
                        field: "gaps[\(index)]", value: describe(.int(position)), reason: "must be the position of a beat (0..<\(offsets.count))")
                }
                gaps.insert(Int(position))
            }
            beats = offsets.enumerated().map { Heartbeat(offset: $1, precededByGap: gaps.contains($0)) }
        } catch { throw error.tagged(Self.kind) }
    }

    public var document: Document {
        var document = Document()
        document.setDoubles("offsets", beats.map(\.offset))
        let gaps = beats.indices.filter { beats[$0].precededByGap }
        if !gaps.isEmpty { document["gaps"] = .array(gaps.map { .int(Int64($0)) }) }
        return document
    }
}

/// One beat: seconds since the series started, and whether data is missing just before it.
public struct Heartbeat: Hashable, Sendable {
    public var offset: Double
    public var precededByGap: Bool

    public init(offset: Double, precededByGap: Bool = false) {
        self.offset = offset
        self.precededByGap = precededByGap
    }
}
