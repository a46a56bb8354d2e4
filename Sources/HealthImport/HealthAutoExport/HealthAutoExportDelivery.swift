public import LedgerCore
public import LedgerStore

/// One delivery of Health Auto Export JSON (a POST's body) checked whole and handed over in
/// slices to be stored in one transaction: its events resolved against what the ledger holds,
/// as a file's are (a re-sent bucket stores nothing, a changed one becomes a correction).
///
/// Slices, so that a week posted at once is not held as events all together: each slice is
/// given to `store` (which prepares its bytes for the one commit) and let go. A bad field in
/// the last slice throws all the same, and the caller then commits nothing.
public struct HealthAutoExportDelivery {
    /// Events handed to `store`, each validated.
    public private(set) var readings = 0
    /// Of those, how many the ledger held before (a re-sent window, or a record an Apple Health
    /// import stored under its own id).
    public private(set) var held = 0
    /// Readings per app or device that recorded them (`Alex’s Apple Watch`), as the app named them.
    public private(set) var apps: [String: Int64] = [:]
    public private(set) var summary = ImportSummary()
    /// A note for each array this version does not read whose entries could not be kept (not
    /// objects, or without a date), and for each field of `data` that is not a list.
    public var notImported: [String] {
        summary.notes.keys.filter { $0.hasSuffix(HealthAutoExportFile.notImported) || $0.hasSuffix(HealthAutoExportFile.notAList) }.sorted()
    }

    /// About this many events are made, checked and handed over at a time: small enough that a
    /// week of minute buckets is never held as events at once (docs/performance.md, "Health
    /// Auto Export over the listener").
    public static let sliceSize = 10_000

    /// Throws `ImportError` naming the field of the first thing wrong; `store` may have been
    /// given earlier slices by then, and the caller must then store none of them.
    public init(
        text: String, from label: String, delivered: Timestamp, ledger: Ledger, sliceSize: Int = sliceSize, store: ([Event]) throws -> Void
    ) throws {
        guard text.utf8.count <= HealthAutoExportFile.maximumBytes else {
            throw ImportError.malformed(label, "\(text.utf8.count) bytes, more than the \(HealthAutoExportFile.maximumBytes >> 20) MiB one delivery may have; send a shorter window")
        }
        let source = HealthAutoExportFolder(input: label, ledger: ledger)
        let reader = HealthAutoExportFile(path: label, identity: source.identity)
        // Apart: the reading holds its summary while each slice is resolved into the other.
        var reading = ImportSummary(), resolution = ImportSummary()
        var slices = 0, readings = 0, held = 0, apps: [String: Int64] = [:]
        try reader.forEachSlice(parsing: text, size: sliceSize, summary: &reading) { slice in
            let (events, heldBefore) = try source.resolve(
                slice, from: label, delivered: delivered, summary: &resolution, ledger: ledger, laterPointsWin: slices > 0)
            slices += 1
            for event in events {
                do {
                    try EventValidator.validate(event)
                } catch {
                    throw ImportError.malformed(label, "\(error)")
                }
                apps[Self.app(of: event) ?? Self.unnamedApp, default: 0] += 1
            }
            readings += events.count
            // And those another importer stored first, which the commit will skip.
            held += try heldBefore + ledger.countHeldUnderAnotherID(events)
            try store(events)
        }
        reading.notes.merge(resolution.notes, uniquingKeysWith: +)
        reading.readByType.merge(resolution.readByType, uniquingKeysWith: +)
        reading.readBySource.merge(resolution.readBySource, uniquingKeysWith: +)
        reading.skipped.merge(resolution.skipped, uniquingKeysWith: +)
        self.readings = readings
        self.held = held
        self.apps = apps
        summary = reading
    }

    /// Where points that name no app or device are counted.
    public static let unnamedApp = "no source named"

    /// The app or device a point came from, as the app wrote it in `source`.
    static func app(of event: Event) -> String? {
        var payload = event.payload
        if event.kind == .eventCorrected, case .map(let replacement)? = payload["payload"] { payload = replacement }
        if case .map(let metadata)? = payload["metadata"], case .string(let app)? = metadata[HealthAutoExportFile.pointSourceKey] { return app }
        if case .map(let attributes)? = payload["attributes"] {
            for key in ["source", "sleepSource"] { if case .string(let app)? = attributes[key], !app.isEmpty { return app } }
        }
        // A symptom or a mood names it as its source's device: it has no metadata.
        return event.source.device
    }
}
