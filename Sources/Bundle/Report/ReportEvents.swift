import LedgerCore
import LedgerStore

/// The events the report's tables read (medications, doses, symptoms, settings), held while
/// the log streams past so that corrections and retractions further on apply to them: the
/// tables then say what the daily figures say, the log as it reads now. Few events are of
/// these kinds, so holding them costs little.
struct ReportEvents {
    static let kinds: Set<EventKind> = [.medicationDefined, .doseTaken, .symptomReported, .settingChanged]

    private var held: [StoredEvent] = []
    private var amendments: [EventID: [StoredEvent]] = [:]

    /// Amendments are noted whether or not the bundle's selection holds them: a selection
    /// narrows what is shown, not whether a retraction counts.
    mutating func note(_ stored: StoredEvent, selected: Bool) {
        if stored.event.kind.isAmendment {
            if let target = try? CurrentView.target(of: stored.event) { amendments[target, default: []].append(stored) }
        } else if selected, Self.kinds.contains(stored.event.kind) {
            held.append(stored)
        }
    }

    /// The held events in log order as they read now, retracted ones left out.
    var current: [Event] {
        held.map { CurrentView.apply(amendments[$0.event.id] ?? [], to: $0) }.filter { !$0.isRetracted }.map(\.event)
    }

    /// The same, with each held event's amendments found through the ledger's amendment
    /// index: for a pass that did not see the whole log.
    func current(through ledger: Ledger) throws -> [Event] {
        try held.compactMap { try ledger.currentEvent(id: $0.event.id) }.filter { !$0.isRetracted }.map(\.event)
    }
}
