import LedgerCore
import LedgerStore

/// Feeds log events into a projection state, resolving corrections and retractions to the
/// version of the event the state currently holds.
final class ProjectionFold<P: ProjectionKind> {
    let state: P.State
    private let ledger: Ledger
    private let loadPartition: ([UInt8]) throws -> [UInt8]?
    /// Amended events: target id → the payload now in force, or nil once retracted.
    private var amendments: [EventID: Document?] = [:]
    private var changedAmendments: Set<EventID> = []

    /// `intoEmptyStore`: the store the fold saves into holds nothing yet (no checkpoint).
    init(ledger: Ledger, intoEmptyStore: Bool = false, loadPartition: @escaping ([UInt8]) throws -> [UInt8]?) throws {
        self.ledger = ledger
        self.loadPartition = loadPartition
        state = try P.makeState(load: loadPartition)
        if intoEmptyStore { state.startsFromNothing() }
    }

    /// Partition keys of amendment records: 0xFF then the 16-byte event id.
    static func amendmentKey(_ id: EventID) -> [UInt8] { [0xFF] + id.bytes }

    func apply(_ stored: StoredEvent) throws { try apply(stored.event) }

    func apply(_ event: Event) throws {
        switch event.kind {
        case .eventCorrected:
            let correction = try event.decode(EventCorrected.self)
            guard let current = try currentVersion(of: correction.target) else { return }
            try state.remove(current)
            var corrected = current
            corrected.payload = correction.payload
            try state.add(corrected)
            record(correction.target, .some(correction.payload))
        case .eventRetracted:
            let retraction = try event.decode(EventRetracted.self)
            guard let current = try currentVersion(of: retraction.target) else { return }
            try state.remove(current)
            record(retraction.target, .none)
        default:
            try state.add(event)
        }
    }

    private func record(_ id: EventID, _ payload: Document?) {
        amendments[id] = .some(payload)
        changedAmendments.insert(id)
    }

    /// The target as the state holds it now; nil when unknown or already retracted.
    private func currentVersion(of id: EventID) throws -> Event? {
        guard let original = try ledger.event(id: id)?.event else { return nil }
        if amendments[id] == nil, let stored = try loadPartition(Self.amendmentKey(id)) {
            amendments[id] = .some(stored.isEmpty ? nil : try DocumentCodec.decodeDocument(Array(stored.dropFirst())))
        }
        switch amendments[id] {
        case .none: return original
        case .some(.none): return nil
        case .some(.some(let payload)):
            var current = original
            current.payload = payload
            return current
        }
    }

    /// Lets go of what the state holds in memory (after `drainChanges` saved it).
    func evict() {
        state.evict()
        amendments = amendments.filter { changedAmendments.contains($0.key) }
    }

    /// Changed state partitions and amendment records, in key order.
    func drainChanges() -> [(key: [UInt8], value: [UInt8]?)] {
        var changes = state.drainChanges()
        for id in changedAmendments.sorted() {
            // Empty bytes mark a retraction; otherwise 0x01 and the payload.
            let value = amendments[id].flatMap { $0 }.map { [1] + DocumentCodec.encode($0) } ?? []
            changes.append((Self.amendmentKey(id), value))
        }
        changedAmendments.removeAll()
        return changes.sorted { $0.key.lexicographicallyPrecedes($1.key) }
    }
}
