import LedgerCore

/// The store indexes rebuilt from sequence 0 by a pass over the log that someone else drives:
/// `replay` folds every view in the same pass, so the log is opened and decoded once.
///
/// The indexes are emptied when the rebuild begins and written in steps of
/// `Ledger.indexBuildStep` events, each in its own transaction with the count it covers, as
/// `buildStoreIndexes` writes them: a rebuild stopped part way leaves indexes that cover a
/// prefix of the log, which the next open carries on from. Should another writer change the
/// indexes meanwhile (a second replay), the steps stop and `finish` builds them again alone.
public final class StoreIndexRebuild {
    private let ledger: Ledger
    /// Events per write transaction.
    private let step: Int
    private var pending: [(sequence: UInt64, facts: IndexFacts)] = []
    /// Events written to the indexes so far: the next event taken must be this one.
    private var covered: UInt64 = 0
    private var overtaken = false

    /// Empties the store indexes.
    public convenience init(ledger: Ledger) throws {
        try self.init(ledger: ledger, step: Ledger.indexBuildStep)
    }

    init(ledger: Ledger, step: UInt64) throws {
        self.ledger = ledger
        self.step = Int(step)
        try ledger.environment.write { txn in
            _ = try ledger.forgetEarlierIndexes(txn)
            try ledger.clearStoreIndexes(txn)
        }
        pending.reserveCapacity(self.step)
    }

    /// Takes the next event of the log, in order from sequence 0.
    public func add(_ stored: StoredEvent) throws {
        guard !overtaken else { return }
        let expected = covered + UInt64(pending.count)
        guard stored.sequence == expected else {
            throw LedgerStoreError.damagedView(
                name: "store indexes", reason: "the rebuild was given event \(stored.sequence) where \(expected) comes next")
        }
        pending.append((stored.sequence, IndexFacts(stored.event)))
        if pending.count == step { try writePending() }
    }

    /// Writes what is left, then indexes whatever was appended after the pass's end.
    public func finish(progress: ((UInt64, UInt64) -> Void)? = nil) throws -> StoreIndexBuild {
        try writePending()
        if overtaken { return try ledger.rebuildStoreIndexes(progress: progress) }
        let tail = try ledger.buildStoreIndexes(progress: progress)
        return StoreIndexBuild(indexed: covered + (tail?.indexed ?? 0), from: 0)
    }

    private func writePending() throws {
        guard !overtaken, !pending.isEmpty else { return }
        let end = covered + UInt64(pending.count)
        let written = try ledger.environment.write { txn in
            guard try StoreIndexes.covered(txn, meta: ledger.databases.meta) == covered else { return false }
            try ledger.index(txn, pending)
            try ledger.setCovered(txn, end)
            return true
        }
        pending.removeAll(keepingCapacity: true)
        if written { covered = end } else { overtaken = true }
    }
}
