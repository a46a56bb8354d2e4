import LedgerCore

/// The events a Record becomes: a quantity sample, a category sample, or — for a type
/// that is neither — a generic element event, so nothing is dropped; plus the heartbeat
/// series an HRV record carries.
struct RecordEvents {
    let identity: ImportIdentity
    let lived: LivedTime
    private var canonical = CanonicalBytes(0)
    private var recentPrefixes = ImportIdentity.RecentPrefixes()
    private var runFirsts = RunFirsts()
    private var runType = ""
    /// Records that repeat a sample of this import under another id (`RepeatedSample`).
    private(set) var repeats = 0
    /// The last sample payload that passed validation, and the last category type: records
    /// come in runs of one type and unit, so the rest of a run needs only its value checked
    /// rather than a round trip through the payload's document form.
    private var lastValidSample: (type: String, unit: String)?
    private var lastValidCategoryType: String?

    init(identity: ImportIdentity, lived: LivedTime) {
        self.identity = identity
        self.lived = lived
    }

    static let notApplicable = "HKCategoryValueNotApplicable"
    static let categoriesNeedingValue: Set<String> = ["HKCategoryTypeIdentifierSleepAnalysis", "HKCategoryTypeIdentifierAppleStandHour"]

    /// The record's id: what it says, never where it sits in the file. Its attributes make
    /// the id; its metadata and beats join them only when an earlier record of the export
    /// had the same attributes and other content (`CollidingIDs`).
    mutating func id(_ record: PendingRecord, start: Timestamp) throws(ScratchFile.Failure) -> EventID {
        canonical.start(UInt8(ascii: "R"))
        canonical.append(record.type)
        canonical.append(record.sourceName)
        canonical.append(record.sourceVersion)
        canonical.append(record.device)
        canonical.append(record.unit)
        let runPrefixLength = canonical.bytes.count
        if let number = record.numericValue { canonical.append(number) } else { canonical.append(record.textValue) }
        canonical.append(record.start?.timestamp)
        canonical.append(record.end)
        canonical.append(record.creation)
        let attributeID = identity.id(canonical.bytes, prefixLength: runPrefixLength, recent: &recentPrefixes)
        if record.type != runType {
            runFirsts.forget()
            runType = record.type
        }
        let answer = try runFirsts.meet(attributeID: attributeID, content: record.contentHash, sample: record.repeatKey, start: start)
        if answer.repeatsASample { repeats += 1 }
        guard answer.needsOwnID else { return attributeID }
        canonical.append("content")
        for key in record.metadata.keys.sorted() {
            canonical.append(key)
            canonical.append(record.metadata[key])
        }
        for beat in record.beats {
            canonical.append(beat.bpm)
            canonical.append(beat.secondsOfDay)
        }
        return identity.id(canonical.bytes)
    }

    /// The events for `record` and how many of them, from the first, have payloads already
    /// checked; or the reason it cannot be stored.
    mutating func events(_ record: PendingRecord) throws(ScratchFile.Failure) -> Result<(events: [Event], checkedPayloads: Int), RecordProblem> {
        if let problem = record.problem { return .failure(RecordProblem(reason: problem)) }
        guard let (start, exportOffset) = record.start else { return .failure(RecordProblem(reason: "no startDate")) }
        let end = record.end.map { max($0, start) }
        let id = try id(record, start: start)
        let source = Source(name: record.sourceName ?? Self.unknownSource, device: record.device, version: record.sourceVersion)
        let (utcOffset, zone) = lived.place(start, exportOffset: exportOffset, named: record.metadata["HKTimeZone"])
        var events: [Event] = []
        var checkedPayloads = 0
        if record.isCategory {
            var value = record.textValue ?? record.numericValue.map { String(Int($0)) }
            // Event categories (mindful sessions, heart-rate notifications, handwashing) carry
            // no value: HealthKit's value for them is `notApplicable`. Sleep and stand hours
            // mean nothing without one.
            if value?.isEmpty ?? true, !Self.categoriesNeedingValue.contains(record.type) { value = Self.notApplicable }
            guard let value, !value.isEmpty else { return .failure(RecordProblem(reason: "a category record without a value")) }
            let payload = CategoryRecorded(type: record.type, value: value, metadata: record.metadata)
            if checkedCategory(payload) { checkedPayloads = 1 }
            events.append(Event(payload, id: id, start: start, end: end, utcOffset: utcOffset, zone: zone, source: source))
        } else if let value = record.numericValue {
            let payload = SampleRecorded(type: record.type, value: value, unit: record.unit ?? DefaultUnit.for(record.type), metadata: record.metadata)
            if checkedSample(payload) { checkedPayloads = 1 }
            events.append(Event(payload, id: id, start: start, end: end, utcOffset: utcOffset, zone: zone, source: source))
        } else {
            events.append(Event(
                ExportElementRecorded(element: "Record", attributes: record.attributesForGenericEvent, children: []),
                id: id, start: start, end: end, utcOffset: utcOffset, zone: zone, source: source))
        }
        if !record.beats.isEmpty {
            events.append(heartbeats(record, parent: id, start: start, end: end, utcOffset: utcOffset, zone: zone, source: source))
        }
        return .success((events, checkedPayloads))
    }

    /// Whether the sample's payload is valid, known without the document round trip when it
    /// has the type and unit of the last valid one (its value and metadata are a finite
    /// number and texts, as the record reader made them).
    private mutating func checkedSample(_ payload: SampleRecorded) -> Bool {
        if let last = lastValidSample, last.type == payload.type, last.unit == payload.unit { return payload.value.isFinite }
        guard (try? payload.validated()) != nil else { return false }
        lastValidSample = (payload.type, payload.unit)
        return true
    }

    private mutating func checkedCategory(_ payload: CategoryRecorded) -> Bool {
        if let last = lastValidCategoryType, last == payload.type { return true }
        guard (try? payload.validated()) != nil else { return false }
        lastValidCategoryType = payload.type
        return true
    }

    /// Beat times are clock times of the phone's own zone, while the record's dates are at
    /// the export's offset: they are read at the offset the record was lived at
    /// (`LivedTime`), else at the whole-hour shift from it nearest to none that puts every
    /// beat inside the record (a record is a minute or so long, so one shift fits). Offsets
    /// count from the record's start, across midnight when the series spans it.
    private mutating func heartbeats(
        _ record: PendingRecord, parent: EventID, start: Timestamp, end: Timestamp?, utcOffset: Int32, zone: String?, source: Source
    ) -> Event {
        let length = end.map { Double($0.micros - start.micros) / 1e6 } ?? 0
        let fitting = Self.hourShifts.lazy.compactMap { shift in
            Self.beatOffsets(record.beats, start: start, utcOffset: Int64(utcOffset) + shift).flatMap { offsets -> [Double]? in
                guard let first = offsets.first, let last = offsets.last else { return nil }
                return first >= -Self.beatTolerance && last <= length + Self.beatTolerance ? offsets : nil
            }
        }.first
        if fitting == nil { unplacedBeatSeries += 1 }
        let offsets = fitting ?? Self.beatOffsets(record.beats, start: start, utcOffset: Int64(utcOffset)) ?? []
        let beats = zip(offsets, record.beats).map { Heartbeat(offset: min(max($0, 0), max(length, 0) + Self.beatTolerance), bpm: $1.bpm) }
        canonical.start(UInt8(ascii: "H"))
        canonical.append(parent.description)
        return Event(
            HeartbeatSeriesRecorded(beats: Self.nonDecreasing(beats)), id: identity.id(canonical.bytes), start: start, end: end,
            utcOffset: utcOffset, zone: zone, source: source, causation: parent)
    }

    /// Series whose beats no whole-hour shift put inside their record: stored clamped to it.
    private(set) var unplacedBeatSeries = 0

    /// 0, then −1 h, +1 h, −2 h, … ±14 h: the smallest correction first.
    static let hourShifts: [Int64] = [0] + (1...14).flatMap { [-Int64($0) * 3600, Int64($0) * 3600] }
    /// A beat may be stamped a little outside its record (rounding of both clocks).
    static let beatTolerance = 2.0

    /// Seconds from `start` of each beat's clock time read at `utcOffset`: the first within
    /// half a day of the start, each next one after the one before, across midnight.
    static func beatOffsets(_ beats: [(bpm: Double, secondsOfDay: Double)], start: Timestamp, utcOffset: Int64) -> [Double]? {
        guard !beats.isEmpty else { return nil }
        let localStart = Double((start.micros / 1_000_000 + utcOffset).floorModulo(86_400)) + Double(start.micros.floorModulo(1_000_000)) / 1e6
        var offsets: [Double] = []
        offsets.reserveCapacity(beats.count)
        for beat in beats {
            var offset = beat.secondsOfDay - localStart
            if let previous = offsets.last {
                while offset < previous - 43_200 { offset += 86_400 }
            } else {
                if offset <= -43_200 { offset += 86_400 } else if offset > 43_200 { offset -= 86_400 }
            }
            offsets.append(offset)
        }
        return offsets
    }

    /// Beats in the order the series stores them: never earlier than the one before.
    static func nonDecreasing(_ beats: [Heartbeat]) -> [Heartbeat] {
        var previous = 0.0
        return beats.map { beat in
            var beat = beat
            beat.offset = max(beat.offset, previous)
            previous = beat.offset
            return beat
        }
    }

    static let unknownSource = "Unknown source"
}

/// Why one record was not stored.
struct RecordProblem: Error {
    let reason: String
}

extension PendingRecord {
    /// What `RepeatedSample` compares, hashed: source, interval, value, unit and the metadata
    /// that is not rewritten by a save (the type is the same within a run).
    var repeatKey: Int {
        var hasher = Hasher()
        hasher.combine(sourceName)
        hasher.combine(start?.timestamp.micros)
        hasher.combine(end?.micros)
        hasher.combine(numericValue)
        hasher.combine(textValue)
        hasher.combine(unit)
        // Summed, so that the dictionary's order does not matter.
        var metadataHash = 0
        for (key, value) in metadata where !RepeatedSample.saveMetadataKeys.contains(key) {
            var pair = Hasher()
            pair.combine(key)
            pair.combine(value)
            metadataHash &+= pair.finalize()
        }
        hasher.combine(metadataHash)
        return hasher.finalize()
    }

    /// What the record holds beyond its attributes, hashed for `CollidingIDs`.
    var contentHash: Int {
        var hasher = Hasher()
        hasher.combine(metadata)
        hasher.combine(beats.count)
        for beat in beats {
            hasher.combine(beat.bpm)
            hasher.combine(beat.secondsOfDay)
        }
        return hasher.finalize()
    }

    /// A record of an unknown shape keeps every field it had, as text.
    var attributesForGenericEvent: [String: String] {
        var attributes: [String: String] = ["type": type]
        attributes["unit"] = unit
        attributes["value"] = textValue ?? numericValue.map { "\($0)" }
        attributes["sourceName"] = sourceName
        attributes["sourceVersion"] = sourceVersion
        attributes["device"] = device
        for (key, value) in metadata { attributes["metadata." + key] = value }
        return attributes
    }
}

extension Int64 {
    func floorModulo(_ divisor: Int64) -> Int64 {
        let remainder = self % divisor
        return remainder < 0 ? remainder + divisor : remainder
    }
}
