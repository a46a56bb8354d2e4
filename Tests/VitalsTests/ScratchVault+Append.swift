import LedgerCore
import LedgerStore
import TestSupport

extension ScratchVault {
    /// Appends `payload` at `seconds` after 2026-01-01.
    @discardableResult
    func append<P: EventPayload>(_ payload: P, at seconds: Int64, id: EventID = .random()) throws -> Event {
        let event = Event(payload, id: id, start: Timestamp(micros: (1_767_225_600 + seconds) * 1_000_000), utcOffset: 3600)
        _ = try ledger.append([event])
        return event
    }
}
