public import LedgerCore

/// One durable append made of slices handed over one after another: each slice is validated,
/// encoded and compressed as it arrives, so its events can be dropped before the next is made,
/// and `commit` stores every slice in one write transaction, all or nothing.
///
/// For a request that must be one commit but is too large to hold as events (a week of a
/// heavy Watch wearer posted at once): what waits for the commit is each event's compressed
/// bytes, not the event.
public final class SlicedAppend {
    private let ledger: Ledger
    private var batches: [PreparedBatch] = []

    public init(_ ledger: Ledger) {
        self.ledger = ledger
    }

    /// Prepares `events` to be stored by `commit`; throws the validation error of the first bad one.
    public func add(_ events: [Event]) throws {
        guard !events.isEmpty else { return }
        try ledger.refuseCorrectionsOfAnotherKind(events)
        batches.append(try ledger.preparer.prepare(events))
        // What the caller let go of the slice before (its events, its parsed points) is free
        // inside the heap but still resident: given back here, the slices do not add up.
        MemoryPolicy.releaseFreedHeap()
    }

    /// Stores every slice added, in one durable transaction; an id already stored, or earlier
    /// in the slices, is stored once.
    @discardableResult
    public func commit(recordedAt: Timestamp = .now()) throws -> AppendOutcome {
        defer {
            batches = []
            // The transaction's pages and the prepared bytes go back before the views catch up on top.
            MemoryPolicy.releaseFreedHeap()
        }
        return AppendOutcome.merged(try ledger.commit(batches, recordedAt: recordedAt))
    }
}

@available(*, unavailable, message: "it prepares with the ledger's own preparer, which one thread uses at a time")
extension SlicedAppend: Sendable {}
