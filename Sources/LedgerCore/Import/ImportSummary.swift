/// What an import read and stored: counts per type and per source, and every record it
/// could not take with the reason, so nothing is dropped without saying so.
public struct ImportSummary: Sendable, Equatable {
    /// Records read, by type (`HKQuantityTypeIdentifierHeartRate`, `Workout`, `face`…).
    public var readByType: [String: Int] = [:]
    /// Records read, by source (`Apple Watch`, `ShareHealth`…).
    public var readBySource: [String: Int] = [:]
    /// Records not imported, by reason (`invalid value 'abc' (line 12)` grouped as the reason text).
    public var skipped: [String: Int] = [:]
    /// A few examples of each skip reason, with where they were, for the person to look at.
    public var skipExamples: [String: [String]] = [:]
    /// Things done differently from what the file said, and how often (a route file
    /// missing, a record kept as a generic event): stored, but worth knowing.
    public var notes: [String: Int] = [:]
    /// How many samples took their local time by which rule (the zone a record names, the
    /// home zone given, the offset the file was written at).
    public var localTimeRules: [String: Int] = [:]
    /// Records that repeat a sample read earlier in the same input (`RepeatedSample`):
    /// stored, since each is a record of its own, and counted once by every view.
    public var repeats = 0
    /// Files the input holds that nothing in it names (a route no workout refers to): not
    /// stored, since they belong to nothing, and listed so that none goes unmentioned.
    public var unnamedFiles: [String] = []
    /// Heartbeat series an earlier version stored for these records without their rates
    /// (and with beats at the export's offset): each corrected by an appended correction,
    /// counted among `appended`; the original stays in the log.
    public var correctedSeries = 0
    /// New events stored.
    public var appended = 0
    /// Events already in the ledger (the same id, or the same record under another id): not stored again.
    public var duplicates = 0
    /// Of `duplicates`, the records another importer stored first under its own id
    /// (`SameRecord`), by where they came from: `Apple Health`, `Health Auto Export`.
    public var heldFromOtherImports: [String: Int] = [:]

    public init() {}

    public var read: Int { readByType.values.reduce(0, +) }
    public var skippedTotal: Int { skipped.values.reduce(0, +) }

    /// Counts one record read; `source` is nil when the record could not say (an unreadable file).
    public mutating func count(type: String, source: String?, times: Int = 1) {
        readByType[type, default: 0] += times
        if let source { readBySource[source, default: 0] += times }
    }

    public mutating func note(_ text: String) { notes[text, default: 0] += 1 }

    /// Counts the records a store skipped as held under another id, given by the name of the
    /// source of the event that holds each.
    public mutating func countHeld(underAnotherID bySourceName: [String: Int]) {
        for (name, count) in bySourceName { heldFromOtherImports[SameRecord.origin(ofSourceName: name), default: 0] += count }
    }

    /// Records one record left out: `reason` groups them, `location` says where this one was.
    public mutating func skip(_ reason: String, at location: String) {
        skipped[reason, default: 0] += 1
        if skipExamples[reason, default: []].count < 3 { skipExamples[reason, default: []].append(location) }
    }
}
