import LedgerCore
import LedgerStore

/// One delivery of Health Auto Export JSON (a POST's body) checked whole and made ready to
/// store in one transaction: its events resolved against what the ledger holds, as a file's
/// are (a re-sent bucket stores nothing, a changed one becomes a correction).
public struct HealthAutoExportDelivery {
    /// The events to append, each validated.
    public let events: [Event]
    /// Of `events`, how many the ledger held before (a re-sent window).
    public let held: Int
    /// Readings per app or device that recorded them (`Alex’s Apple Watch`), as the app named them.
    public let apps: [String: Int64]
    public let summary: ImportSummary

    /// Throws `ImportError` naming the field of the first thing wrong, before anything is stored.
    public init(text: String, from label: String, delivered: Timestamp, ledger: Ledger) throws {
        guard text.utf8.count <= HealthAutoExportFile.maximumBytes else {
            throw ImportError.malformed(label, "\(text.utf8.count) bytes, more than the \(HealthAutoExportFile.maximumBytes >> 20) MiB one delivery may have; send a shorter window")
        }
        var summary = ImportSummary()
        let source = HealthAutoExportFolder(input: label, ledger: ledger)
        let (events, held) = try source.resolved(parsing: text, from: label, delivered: delivered, summary: &summary, ledger: ledger)
        var apps: [String: Int64] = [:]
        for event in events {
            do {
                try EventValidator.validate(event)
            } catch {
                throw ImportError.malformed(label, "\(error)")
            }
            apps[Self.app(of: event) ?? Self.unnamedApp, default: 0] += 1
        }
        self.events = events
        self.apps = apps
        self.summary = summary
        self.held = held
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
        return nil
    }
}
