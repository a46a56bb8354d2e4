/// A heartbeat series (the beat-to-beat data behind HRV): when each beat fell, and the
/// instantaneous rate Health gave for it.
///
/// Stored as columns, `offsets`, `bpm` and `gaps` (the positions of beats preceded by a
/// gap), rather than one object per beat: a series holds ~100 beats and field names per
/// beat would make the record several times larger. `bpm` is absent from series stored
/// before it was kept; those read with no rates.
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
            let rates = try document.doubles("bpm")
            guard rates.isEmpty || rates.count == offsets.count else {
                throw ValidationError(field: "bpm", value: "\(rates.count) rates", reason: "must hold one rate per beat (\(offsets.count)) or none")
            }
            for (index, rate) in rates.enumerated() where !(rate.isFinite && rate > 0) {
                throw ValidationError(field: "bpm[\(index)]", value: describe(.double(rate)), reason: "must be a positive number of beats per minute")
            }
            beats = offsets.enumerated().map { index, offset in
                Heartbeat(offset: offset, bpm: rates.isEmpty ? nil : rates[index], precededByGap: gaps.contains(index))
            }
        } catch { throw error.tagged(Self.kind) }
    }

    public var document: Document {
        var document = Document()
        document.setDoubles("offsets", beats.map(\.offset))
        // One rate per beat or none: a series read from an export has them all.
        let rates = beats.compactMap(\.bpm)
        if !beats.isEmpty, rates.count == beats.count { document.setDoubles("bpm", rates) }
        let gaps = beats.indices.filter { beats[$0].precededByGap }
        if !gaps.isEmpty { document["gaps"] = .array(gaps.map { .int(Int64($0)) }) }
        return document
    }
}

/// One beat: seconds since the series started, its instantaneous rate when known, and
/// whether data is missing just before it.
public struct Heartbeat: Hashable, Sendable {
    public var offset: Double
    public var bpm: Double?
    public var precededByGap: Bool

    public init(offset: Double, bpm: Double? = nil, precededByGap: Bool = false) {
        self.offset = offset
        self.bpm = bpm
        self.precededByGap = precededByGap
    }
}
