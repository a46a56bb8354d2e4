import Foundation
import LedgerCore

/// The store indexes rebuilt from sequence 0 by a pass over the log that someone else drives:
/// `replay` folds every view in the same pass, so the log is opened and decoded once.
///
/// The indexes are emptied when the rebuild begins and written in steps of
/// `Ledger.indexBuildStep` events, each in its own transaction with the count it covers, as
/// `buildStoreIndexes` writes them: a rebuild stopped part way leaves indexes that cover a
/// prefix of the log, which the next open carries on from. Each step is written on a thread
/// of its own while the pass goes on (the pass's thread sets replay's pace), one step at a
/// time. Should another writer move the indexes on meanwhile, the steps stop and `finish`
/// builds what is left from where that writer left them.
public final class StoreIndexRebuild {
    private let ledger: Ledger
    /// Events per write transaction.
    private let step: Int
    private var pending: [(sequence: UInt64, facts: IndexFacts)] = []
    private var blockGrams = BlockGrams()
    /// The sequence the next event taken must have.
    private var next: UInt64 = 0
    private let writer: StepWriter
    private let writes = DispatchGroup()
    private let queue = DispatchQueue(label: "replay.indexes")

    /// Empties the store indexes.
    public convenience init(ledger: Ledger) throws {
        try self.init(ledger: ledger, step: Ledger.indexBuildStep)
    }

    init(ledger: Ledger, step: UInt64) throws {
        self.ledger = ledger
        self.step = Int(step)
        writer = StepWriter(ledger: ledger)
        try ledger.environment.write { txn in
            _ = try ledger.forgetEarlierIndexes(txn)
            try ledger.clearStoreIndexes(txn)
        }
        pending.reserveCapacity(self.step)
    }

    /// Takes the next event of the log, in order from sequence 0.
    public func add(_ stored: StoredEvent) throws {
        guard stored.sequence == next else {
            throw LedgerStoreError.damagedView(
                name: "store indexes", reason: "the rebuild was given event \(stored.sequence) where \(next) comes next")
        }
        next += 1
        pending.append((stored.sequence, blockGrams.facts(of: stored)))
        if pending.count == step { try handOff() }
    }

    /// Writes what is left, then indexes whatever was appended after the pass's end.
    ///
    /// A writer that moved the indexes on meanwhile (a command that needed them and built the
    /// rest, or a second replay) indexed the log as this rebuild does, since the indexes are
    /// made from the log alone: what is left is built from where they stand, not all again.
    public func finish(progress: ((UInt64, UInt64) -> Void)? = nil) throws -> StoreIndexBuild {
        try handOff()
        writes.wait()
        if let failure = writer.failure { throw failure }
        try ledger.buildStoreIndexes(progress: progress)
        let covered = try ledger.environment.read { txn in try StoreIndexes.covered(txn, meta: ledger.databases.meta) }
        return StoreIndexBuild(indexed: covered, from: 0)
    }

    /// Hands the pending step to the writing thread once the step before it is written.
    private func handOff() throws {
        writes.wait()
        if let failure = writer.failure { throw failure }
        guard !pending.isEmpty else { return }
        let handed = UnsafeTransfer((writer, pending))
        pending = []
        pending.reserveCapacity(step)
        queue.async(group: writes) { handed.value.0.write(handed.value.1) }
    }
}

/// What writes the rebuild's steps, one at a time, and what it found.
private final class StepWriter {
    let ledger: Ledger
    /// Its own decompression context: the pass's threads use the ledger's two.
    private let codec: RecordCodec
    /// Events written to the indexes so far.
    private(set) var covered: UInt64 = 0
    private(set) var overtaken = false
    private(set) var failure: (any Error)?

    init(ledger: Ledger) {
        self.ledger = ledger
        codec = ledger.codec.sibling()
    }

    func write(_ events: [(sequence: UInt64, facts: IndexFacts)]) {
        guard !overtaken, failure == nil else { return }
        let start = covered
        let end = start + UInt64(events.count)
        do {
            let written = try ledger.environment.write { txn in
                guard try StoreIndexes.covered(txn, meta: ledger.databases.meta) == start else { return false }
                try ledger.index(txn, events, codec: codec)
                try ledger.setCovered(txn, end)
                return true
            }
            if written { covered = end } else { overtaken = true }
        } catch {
            failure = error
        }
    }
}
