import Foundation
import LedgerCore

/// Appends a stream of batches with both cores busy: the caller's thread validates,
/// encodes and compresses batch k+1 while a committer thread seals and commits batch k.
///
/// Batches commit in order. When the committer falls behind, it commits every batch that
/// is waiting in one durable transaction (up to `maximumEvents`): the dedup index's random
/// inserts then dirty each B-tree page once for many events instead of once per batch.
/// After an error no later batch commits; those before it stay stored.
public final class BulkAppender {
    private let ledger: Ledger
    private let preparer: EventPreparer
    private let queue = CommitQueue()
    private let committer: Thread

    /// `onCommit` runs on the committer thread after each durable commit, with the batch's tag.
    public init(ledger: Ledger, recordedAt: Timestamp = .now(), onCommit: @escaping @Sendable (Int, AppendOutcome) -> Void = { _, _ in }) {
        self.ledger = ledger
        preparer = EventPreparer(shelf: ledger.shelf, indexHasher: ledger.indexHasher)
        let work = UncheckedLedger(ledger: ledger)
        let queue = queue
        committer = Thread {
            while let pending = queue.next() {
                do {
                    let outcomes = try work.ledger.commit(pending.map(\.1), recordedAt: recordedAt)
                    for ((tag, _), outcome) in zip(pending, outcomes) {
                        queue.record(outcome)
                        onCommit(tag, outcome)
                    }
                } catch {
                    queue.fail(error)
                }
            }
            queue.finished()
        }
        committer.start()
    }

    /// Prepares `events` here and queues them to commit; throws a validation error for this
    /// batch, or the error that stopped an earlier commit.
    public func add(_ events: [Event], tag: Int = 0) throws {
        try queue.throwIfFailed()
        queue.push((tag, try preparer.prepare(events)))
    }

    /// Waits for every queued batch; returns what was stored or throws what stopped it.
    @discardableResult
    public func finish() throws -> AppendOutcome {
        queue.close()
        return try queue.waitUntilFinished()
    }
}

/// The ledger handed to the committer thread; only that thread touches it until `finish`.
private struct UncheckedLedger: @unchecked Sendable {
    let ledger: Ledger
}

/// A bounded hand-off between the preparing and the committing thread.
private final class CommitQueue: @unchecked Sendable {
    private let condition = NSCondition()
    private var pending: [(Int, PreparedBatch)] = []
    private var closed = false
    private var done = false
    private var failure: (any Error)?
    private var total = AppendOutcome()
    /// Batches waiting to commit; enough to coalesce, few enough to bound memory.
    private let depth = 8
    /// The most events one coalesced transaction takes.
    private let maximumEvents = 100_000

    func push(_ item: (Int, PreparedBatch)) {
        condition.withLock {
            while pending.count >= depth, failure == nil { condition.wait() }
            if failure == nil { pending.append(item) }
            condition.broadcast()
        }
    }

    /// Everything waiting, up to `maximumEvents` (at least one batch); nil when closed and drained.
    func next() -> [(Int, PreparedBatch)]? {
        condition.withLock {
            while pending.isEmpty, !closed, failure == nil { condition.wait() }
            guard failure == nil, !pending.isEmpty else { return nil }
            defer { condition.broadcast() }
            var taken = 1
            var events = pending[0].1.events.count
            while taken < pending.count, events + pending[taken].1.events.count <= maximumEvents {
                events += pending[taken].1.events.count
                taken += 1
            }
            defer { pending.removeFirst(taken) }
            return Array(pending.prefix(taken))
        }
    }

    func record(_ outcome: AppendOutcome) {
        condition.withLock {
            total.appended += outcome.appended
            total.duplicates += outcome.duplicates
        }
    }

    func fail(_ error: any Error) {
        condition.withLock {
            failure = error
            pending.removeAll()
            condition.broadcast()
        }
    }

    func throwIfFailed() throws {
        if let failure = condition.withLock({ failure }) { throw failure }
    }

    func close() {
        condition.withLock {
            closed = true
            condition.broadcast()
        }
    }

    func finished() {
        condition.withLock {
            done = true
            condition.broadcast()
        }
    }

    func waitUntilFinished() throws -> AppendOutcome {
        try condition.withLock {
            while !done { condition.wait() }
            if let failure { throw failure }
            return total
        }
    }
}
