import Foundation
import LedgerApplication
import LedgerCore
import LedgerStore
import Projections

extension VaultOptions {
    /// Appends events, brings the views up to date and prints one confirmation line per stored event.
    func store(_ events: [Event]) throws {
        try store(events, into: try openLedger())
    }

    /// The same, into a ledger already open (one that just stored the events' blobs).
    func store(_ events: [Event], into ledger: Ledger) throws {
        let outcome = try application(ledger).append(events)
        var sequences = outcome.appended.makeIterator()
        for event in events {
            if let sequence = sequences.next() {
                print("stored #\(sequence) \(event.kind.rawValue) \(EventSummary.text(event)) at \(event.start.iso8601(utcOffset: event.utcOffset))")
            }
        }
        if outcome.duplicates > 0 { print("\(outcome.duplicates) already stored (same id): skipped") }
    }

    /// Views catch up after what another path stored (a bulk append, an import, an erasure).
    func catchUpViews(_ ledger: Ledger) {
        application(ledger).catchUpViews()
    }
}
