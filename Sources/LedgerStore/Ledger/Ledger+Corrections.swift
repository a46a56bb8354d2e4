import LedgerCore
import Migrations

extension Ledger {
    /// Refuses a correction whose replacement is not a payload its target's kind accepts.
    ///
    /// Each event is validated alone, and a correction alone is valid whatever it carries;
    /// but every view that folds the target reads the replacement as the target's kind, so a
    /// stored one that is no such payload would make every later fold of those views fail,
    /// and the log cannot take it back. The target is looked for in `events`, then in the
    /// log; a correction of an event found in neither, or of another correction or a
    /// retraction (which the views do not fold as payloads), is left as before.
    func refuseCorrectionsOfAnotherKind(_ events: [Event]) throws {
        var batchIDs: [EventID: Int]?
        for (index, event) in events.enumerated() where event.kind == .eventCorrected {
            // A correction that does not decode is named by its own validation.
            guard let correction = try? event.decode(EventCorrected.self) else { continue }
            if batchIDs == nil {
                batchIDs = Dictionary(events.indices.map { (events[$0].id, $0) }) { first, _ in first }
            }
            var replaced: Event
            if let position = batchIDs?[correction.target] {
                replaced = events[position]
            } else if let stored = try self.event(id: correction.target) {
                replaced = stored.event
            } else {
                continue
            }
            let kind = replaced.kind
            guard !kind.isAmendment else { continue }
            replaced.schema = correction.payloadSchema
            replaced.payload = correction.payload
            do {
                try EventValidator.validate(replaced.schema == PayloadCatalog.currentSchema(of: kind) ? replaced : Upcasters.upgrade(replaced))
            } catch {
                throw LedgerStoreError.invalidEvent(index: index, ValidationError(
                    kind: .eventCorrected, field: "payload", value: describe(.map(correction.payload)),
                    reason: "is not a payload of \(kind.rawValue), the kind of its target \(correction.target) (\(error)); "
                        + "a correction carries the whole payload of its target's kind, as `healthledger correct` writes it"))
            }
        }
    }
}
