import LedgerCore

/// Streams the log from a sequence on as it reads now, holding only the amendments in memory:
/// a first pass gathers the corrections and retractions, a second hands over each event with
/// its latest correction applied and skips the retracted ones.
public struct CurrentEventStream {
    let ledger: Ledger
    public let start: UInt64
    /// Where the log ended when the stream was made; later appends wait for the next export.
    public let end: UInt64
    private(set) var amendments: [EventID: [StoredEvent]] = [:]

    public init(ledger: Ledger, from start: UInt64) throws {
        self.ledger = ledger
        self.start = start
        end = try ledger.count()
        guard start < end else { return }
        var amendments: [EventID: [StoredEvent]] = [:]
        let end = self.end
        try ledger.forEach(from: start) { stored in
            guard stored.sequence < end else { return false }
            if stored.event.kind.isAmendment, let target = Self.target(of: stored.event) {
                amendments[target, default: []].append(stored)
            }
            return true
        }
        self.amendments = amendments
    }

    /// Every event from `start` that is not an amendment, as it reads now.
    public func forEach(_ body: (CurrentEvent) throws -> Void) throws {
        guard start < end else { return }
        try ledger.forEach(from: start) { stored in
            guard stored.sequence < end else { return false }
            if !stored.event.kind.isAmendment {
                try body(CurrentView.apply(amendments[stored.event.id] ?? [], to: stored))
            }
            return true
        }
    }

    /// Events before `start` that amendments from `start` on changed: they read differently now.
    public func amendedEarlierEvents() throws -> [CurrentEvent] {
        var earlier: [CurrentEvent] = []
        for target in amendments.keys.sorted(by: { $0.description < $1.description }) {
            guard let stored = try ledger.event(id: target), stored.sequence < start else { continue }
            if let current = try CurrentView.current(ledger, id: target) { earlier.append(current) }
        }
        return earlier
    }

    static func target(of amendment: Event) -> EventID? {
        switch amendment.kind {
        case .eventCorrected: try? amendment.decode(EventCorrected.self).target
        case .eventRetracted: try? amendment.decode(EventRetracted.self).target
        default: nil
        }
    }
}
