/// A view's catch-up folded in memory, waiting to be saved with the others' in one durable
/// transaction (`Ledger.save(_:)`): a quick entry then syncs the disk once for its views,
/// not once for each.
public struct ViewSave {
    let store: ProjectionStore
    let changes: [(key: [UInt8], value: [UInt8]?)]
    let checkpoint: ProjectionCheckpoint
    /// The checkpoint the fold started from: the save is skipped if another writer moved it.
    let expected: ProjectionCheckpoint?

    public init(store: ProjectionStore, changes: [(key: [UInt8], value: [UInt8]?)], checkpoint: ProjectionCheckpoint, over expected: ProjectionCheckpoint?) {
        self.store = store
        self.changes = changes
        self.checkpoint = checkpoint
        self.expected = expected
    }
}

extension Ledger {
    /// Writes every save in one durable transaction; for each, whether it was written (false:
    /// another writer saved that view first, and its caller catches it up again).
    public func save(_ saves: [ViewSave]) throws -> [Bool] {
        guard !saves.isEmpty else { return [] }
        return try environment.write { txn in
            try saves.map { try $0.store.write($0.changes, checkpoint: $0.checkpoint, over: $0.expected, in: txn) != nil }
        }
    }
}
