import LedgerCore

/// The events a Record becomes: a quantity sample, a category sample, or — for a type
/// that is neither — a generic element event, so nothing is dropped; plus the heartbeat
/// series an HRV record carries.
struct RecordEvents {
    let identity: ImportIdentity
    private var canonical = CanonicalBytes(0)
    private var recentPrefixes = ImportIdentity.RecentPrefixes()
    /// The last sample payload that passed validation, and the last category type: records
    /// come in runs of one type and unit, so the rest of a run needs only its value checked
    /// rather than a round trip through the payload's document form.
    private var lastValidSample: (type: String, unit: String)?
    private var lastValidCategoryType: String?

    init(identity: ImportIdentity) { self.identity = identity }

    static let notApplicable = "HKCategoryValueNotApplicable"
    static let categoriesNeedingValue: Set<String> = ["HKCategoryTypeIdentifierSleepAnalysis", "HKCategoryTypeIdentifierAppleStandHour"]

    /// The record's id: what it says, never where it sits in the file.
    mutating func id(_ record: PendingRecord) -> EventID {
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
        return identity.id(canonical.bytes, prefixLength: runPrefixLength, recent: &recentPrefixes)
    }

    /// The events for `record` and how many of them, from the first, have payloads already
    /// checked; or the reason it cannot be stored.
    mutating func events(_ record: PendingRecord) -> Result<(events: [Event], checkedPayloads: Int), RecordProblem> {
        if let problem = record.problem { return .failure(RecordProblem(reason: problem)) }
        guard let (start, utcOffset) = record.start else { return .failure(RecordProblem(reason: "no startDate")) }
        let end = record.end.map { max($0, start) }
        let id = id(record)
        let source = Source(name: record.sourceName ?? Self.unknownSource, device: record.device, version: record.sourceVersion)
        let zone = record.metadata["HKTimeZone"]
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

    /// Beat times are clock times in the phone's locale; offsets count from the record's
    /// local start, across midnight when the series spans it.
    private mutating func heartbeats(
        _ record: PendingRecord, parent: EventID, start: Timestamp, end: Timestamp?, utcOffset: Int32, zone: String?, source: Source
    ) -> Event {
        let localStart = Double((start.micros / 1_000_000 + Int64(utcOffset)).floorModulo(86_400)) + Double(start.micros.floorModulo(1_000_000)) / 1e6
        var previous = 0.0
        let beats = record.beats.map { beat in
            var offset = beat.secondsOfDay - localStart
            while offset < previous - 43_200 { offset += 86_400 }
            offset = max(offset, previous)
            previous = offset
            return Heartbeat(offset: offset)
        }
        canonical.start(UInt8(ascii: "H"))
        canonical.append(parent.description)
        return Event(
            HeartbeatSeriesRecorded(beats: beats), id: identity.id(canonical.bytes), start: start, end: end,
            utcOffset: utcOffset, zone: zone, source: source, causation: parent)
    }

    static let unknownSource = "Unknown source"
}

/// Why one record was not stored.
struct RecordProblem: Error {
    let reason: String
}

extension PendingRecord {
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
