import LedgerCore

/// A top-level `<Record>`: the fast path, since an export is almost all Records.
///
/// Attributes are read straight from the scanner's bytes; repeated texts (type, unit,
/// source, device) are interned; the id is hashed from the fields, not from a String.
struct PendingRecord {
    var type = ""
    var unit: String?
    var numericValue: Double?
    var textValue: String?
    var sourceName: String?
    var sourceVersion: String?
    var device: String?
    var creation: Timestamp?
    var start: (timestamp: Timestamp, utcOffset: Int32)?
    var end: Timestamp?
    var metadata: [String: String] = [:]
    var beats: [(bpm: Double, secondsOfDay: Double)] = []
    /// What could not be read, for the summary; a record with a problem is not stored.
    var problem: String?
    /// Where the record starts in the document.
    var offset = 0

    var isCategory: Bool { type.hasPrefix("HKCategoryTypeIdentifier") }
}

struct RecordReader {
    var interner = StringInterner()
    /// Devices apart: the same raw text always normalises the same way, so it is done once.
    var devices = StringInterner(capacity: 1024)

    /// Reads a Record's attributes; values are kept as text only when they are not numbers.
    mutating func begin(_ tag: XMLTag) -> PendingRecord {
        var record = PendingRecord(offset: tag.offset)
        var rawValue: UnsafeBufferPointer<UInt8>?
        for attribute in tag.attributes {
            let name = attribute.name, value = attribute.value
            guard let first = name.first else { continue }
            // First byte and length tell the DTD's attribute names apart; one compare confirms.
            switch (first, name.count) {
            case (0x74, 4) where name.elementsEqual("type"): record.type = interner.string(value)
            case (0x75, 4) where name.elementsEqual("unit"): record.unit = interner.string(value)
            case (0x76, 5) where name.elementsEqual("value"): rawValue = value
            case (0x73, 10) where name.elementsEqual("sourceName"): record.sourceName = interner.string(value)
            case (0x73, 13) where name.elementsEqual("sourceVersion"): record.sourceVersion = interner.string(value)
            case (0x64, 6) where name.elementsEqual("device"):
                record.device = devices.string(value, transform: DeviceText.normalized)
            case (0x63, 12) where name.elementsEqual("creationDate"): record.creation = ExportDate.parse(value)?.timestamp
            case (0x73, 9) where name.elementsEqual("startDate"):
                record.start = ExportDate.parse(value)
                if record.start == nil { record.problem = "unreadable startDate" }
            case (0x65, 7) where name.elementsEqual("endDate"):
                record.end = ExportDate.parse(value)?.timestamp
                if record.end == nil { record.problem = "unreadable endDate" }
            default: break
            }
        }
        if record.type.isEmpty { record.problem = "no type" }
        if record.start == nil, record.problem == nil { record.problem = "no startDate" }
        if let rawValue {
            if !record.isCategory, let number = ExportNumber.parse(rawValue) {
                record.numericValue = number
            } else {
                record.textValue = interner.string(rawValue)
            }
        }
        return record
    }

    /// A child of the Record: metadata, or an HRV beat.
    mutating func child(_ tag: XMLTag, of record: inout PendingRecord) {
        guard tag.kind != .close else { return }
        if tag.name.elementsEqual("MetadataEntry") {
            guard let key = tag.value("key"), let value = tag.value("value") else { return }
            record.metadata[interner.string(key)] = interner.string(value)
        } else if tag.name.elementsEqual("InstantaneousBeatsPerMinute") {
            guard let bpm = tag.value("bpm").flatMap(ExportNumber.parse), let time = tag.value("time") else {
                record.problem = record.problem ?? "a heartbeat without bpm or time"
                return
            }
            guard let seconds = HeartbeatTime.secondsOfDay(time) else {
                record.problem = record.problem ?? "heartbeat time '\(time.string)' is not a time of day"
                return
            }
            record.beats.append((bpm, seconds))
        }
    }
}
