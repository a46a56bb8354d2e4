import Foundation
import LedgerApplication
import LedgerCore
import LedgerStore
import Projections

extension VaultOptions {
    /// Appends events, brings the views up to date and prints what was stored: one confirmation
    /// line per stored event, or with --json each event as `log --raw --json` prints it.
    func store(_ events: [Event], output: JSONOutput, idsDrawnAtRandom: Bool = false) throws {
        try store(events, into: try openLedger(), output: output, idsDrawnAtRandom: idsDrawnAtRandom)
    }

    /// The same, into a ledger already open (one that just stored the events' blobs). `newNames`
    /// holds, by event id, the line saying an entry names a medication or activity unlike any
    /// known one: printed after the stored lines, or with --json as the event's `newName` and
    /// `notice` fields. `fields` go into every event's JSON. `idsDrawnAtRandom` (no `--id`
    /// given): no id can be stored already, so none is looked up (see `Ledger.append`).
    func store(
        _ events: [Event], into ledger: Ledger, output: JSONOutput, newNames: [EventID: String] = [:], fields: Document = Document(),
        idsDrawnAtRandom: Bool = false
    ) throws {
        if !idsDrawnAtRandom { try refuseReusedIDs(events, in: ledger) }
        let outcome = try application(ledger).append(events, idsDrawnAtRandom: idsDrawnAtRandom)
        if output.json {
            try output.printStored(events, outcome, in: ledger) { index in
                var extra = fields
                if let notice = newNames[events[index].id] {
                    extra["newName"] = .bool(true)
                    extra["notice"] = .string(notice)
                }
                return extra
            }
            return
        }
        var sequences = outcome.appended.makeIterator()
        for event in events {
            if let sequence = sequences.next() {
                print("stored \(EventReference.label(sequence, event.id)) \(event.kind.rawValue) \(EventSummary.text(event)) at \(event.start.iso8601(utcOffset: event.utcOffset))")
            }
        }
        if outcome.duplicates > 0 {
            let held = outcome.heldUnderAnotherID.values.reduce(0, +)
            print("\(outcome.duplicates) already stored (same id\(held > 0 ? "; \(held) the same record as one stored under another id" : "")): skipped")
        }
        for event in events { if let notice = newNames[event.id] { print(notice) } }
    }

    /// An id given again (`--id`) stores nothing the second time; when what it was given with
    /// differs from what is stored, dropping the new entry silently would lose it.
    private func refuseReusedIDs(_ events: [Event], in ledger: Ledger) throws {
        for event in events {
            guard let stored = try ledger.event(id: event.id) else { continue }
            let existing = stored.event
            guard existing.kind != event.kind || !PayloadCatalog.same(kind: event.kind, existing.payload, event.payload) else { continue }
            throw ExitStatus.Failure(
                status: .invalidInput,
                message: "id \(event.id) is already stored as \(EventReference.label(stored.sequence, existing.id)) \(existing.kind.rawValue) \(EventSummary.text(existing)), "
                    + "not \(event.kind.rawValue) \(EventSummary.text(event)): an id names one event; leave out --id for a new one, or `healthledger correct \(EventReference.shortID(existing.id))` to change it")
        }
    }

    /// Views catch up after what another path stored (a bulk append, an import, an erasure).
    func catchUpViews(_ ledger: Ledger) {
        application(ledger).catchUpViews()
    }
}
