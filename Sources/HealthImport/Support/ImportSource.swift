public import LedgerCore
public import LedgerStore

/// A folder an importer reads in units (one CSV file, one face capture).
///
/// Every unit is read twice: once to check the whole folder before anything is stored, so
/// a malformed file stops the import with nothing half-done, then again to store. Reading
/// twice costs little next to sealing and keeps memory flat for years of files.
public protocol ImportSource {
    associatedtype Unit
    /// The units in a stable order, so that runs and their summaries repeat.
    func units() throws(ImportError) -> [Unit]
    /// The file a unit is read from, for errors.
    func path(of unit: Unit) -> String
    /// The events of `unit`, counting what it reads and skips in `summary`. `ledger` is nil
    /// while checking; when storing, images go into its blob store.
    func events(of unit: Unit, summary: inout ImportSummary, ledger: Ledger?) throws -> [Event]
}

/// The two passes of an import.
public enum ImportPhase: Sendable {
    case checking
    case storing
}

extension ImportSource {
    /// Checks every unit, then appends their events to `ledger`; returns what was read,
    /// skipped, appended and already there. `progress` hears each unit done in each phase.
    public func run(into ledger: Ledger, progress: (ImportPhase, _ done: Int, _ total: Int) -> Void = { _, _, _ in }) throws -> ImportSummary {
        let all = try units()
        var summary = ImportSummary()
        for (index, unit) in all.enumerated() {
            for event in try events(of: unit, summary: &summary, ledger: nil) {
                do {
                    try EventValidator.validate(event)
                } catch {
                    throw ImportError.malformed(path(of: unit), "\(error)")
                }
            }
            progress(.checking, index + 1, all.count)
        }
        let appender = BulkAppender(ledger: ledger)
        var recount = ImportSummary()
        do {
            for (index, unit) in all.enumerated() {
                let events = try events(of: unit, summary: &recount, ledger: ledger)
                if !events.isEmpty { try appender.add(events) }
                progress(.storing, index + 1, all.count)
            }
        } catch {
            // Let the batches already queued commit; their ids make a re-run skip them.
            _ = try? appender.finish()
            throw error
        }
        let outcome = try appender.finish()
        summary.appended = outcome.appended
        summary.duplicates = outcome.duplicates
        summary.countHeld(underAnotherID: outcome.heldUnderAnotherID)
        return summary
    }
}
