public import LedgerCore

/// An event as it reads now: its latest correction applied, or marked retracted.
public struct CurrentEvent: Sendable {
    public let stored: StoredEvent
    /// The event with the newest correction's payload in place.
    public let event: Event
    /// The corrections and retraction aimed at it, in log order.
    public let amendments: [StoredEvent]
    public var isRetracted: Bool { amendments.contains { $0.event.kind == .eventRetracted } }
    public var isCorrected: Bool { amendments.contains { $0.event.kind == .eventCorrected } }
}

/// Folds the log into the current view: nothing is changed in place, so corrections and
/// retractions are applied when reading.
public enum CurrentView {
    /// Every non-amendment event with its amendments, in log order.
    public static func build(_ ledger: Ledger, include: (Event) -> Bool = { _ in true }) throws -> [CurrentEvent] {
        var order: [EventID] = []
        var originals: [EventID: StoredEvent] = [:]
        var amendments: [EventID: [StoredEvent]] = [:]
        try ledger.forEach { stored in
            let event = stored.event
            if event.kind.isAmendment {
                if let target = try? Self.target(of: event) { amendments[target, default: []].append(stored) }
            } else if include(event) {
                order.append(event.id)
                originals[event.id] = stored
            }
            return true
        }
        return order.compactMap { id in originals[id].map { apply(amendments[id] ?? [], to: $0) } }
    }

    /// `stored` with `amendments` applied.
    public static func apply(_ amendments: [StoredEvent], to stored: StoredEvent) -> CurrentEvent {
        var event = stored.event
        for amendment in amendments where amendment.event.kind == .eventCorrected {
            if let correction = try? amendment.event.decode(EventCorrected.self) { event.payload = correction.payload }
        }
        return CurrentEvent(stored: stored, event: event, amendments: amendments)
    }

    /// One event with every amendment aimed at it, found through the amendment index.
    public static func current(_ ledger: Ledger, id: EventID) throws -> CurrentEvent? {
        try ledger.currentEvent(id: id)
    }

    /// The event a correction or retraction is aimed at.
    public static func target(of amendment: Event) throws -> EventID {
        amendment.kind == .eventCorrected
            ? try amendment.decode(EventCorrected.self).target
            : try amendment.decode(EventRetracted.self).target
    }
}
