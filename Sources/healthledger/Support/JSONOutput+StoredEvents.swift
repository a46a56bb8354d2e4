import LedgerCore
import LedgerStore

extension JSONOutput {
    /// One line per event given: the event as the log now holds it, the line `log --raw --json`
    /// prints for it (so its recorded time is the stored one), with `"alreadyStored": true` when
    /// its id was in the log before and this append skipped it, then the fields `extra` gives it.
    func printStored(_ events: [Event], _ outcome: AppendOutcome, in ledger: Ledger, extra: (Int) -> Document = { _ in Document() }) throws {
        let appended = Set(outcome.appended)
        for (index, event) in events.enumerated() {
            guard let stored = try ledger.event(id: event.id) else {
                throw ExitStatus.Failure(status: .ioError, message: "event \(event.id) was appended but cannot be read back from \(ledger.directory): run `healthledger audit`")
            }
            var document = EventJSON.document(stored.event, sequence: stored.sequence)
            if !appended.contains(stored.sequence) { document["alreadyStored"] = .bool(true) }
            for field in extra(index).fields { document[field.name] = field.value }
            print(document)
        }
    }
}
