import Foundation
import LedgerCore

/// Appends a stream of batches with both cores busy: the caller's thread validates,
/// encodes, compresses and seals ahead batch k+1 while a committer thread indexes and
/// commits batch k.
///
/// Batches commit in order, gathered into durable transactions of about `maximumEvents`:
/// the dedup index's random inserts then dirty each B-tree page once for many events
/// instead of once per small batch (per event, commits cost a third less than with 10k).
/// After an error no later batch commits; those before it stay stored.
public final class BulkAppender {
    private let ledger: Ledger
    private let preparer: EventPreparer
    private let queue = CommitQueue()
    private let committer: Thread
    /// Where the next batch will start if nothing else writes and nothing is a duplicate.
    private var expectedNext: UInt64

    /// `onCommit` runs on the committer thread after each durable commit, with the batch's tag.
    public init(ledger: Ledger, recordedAt: Timestamp = .now(), onCommit: @escaping @Sendable (Int, AppendOutcome) -> Void = { _, _ in }) {
        self.ledger = ledger
        preparer = EventPreparer(shelf: ledger.shelf, indexHasher: ledger.indexHasher, sealer: ledger.codec.sealer)
        expectedNext = (try? ledger.count()) ?? 0
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
    /// batch, or the error that stopped an earlier commit. `validated: true` skips validation
    /// for events the caller has passed through `EventValidator.validate` one by one.
    public func add(_ events: [Event], tag: Int = 0, validated: Bool = false) throws {
        try queue.throwIfFailed()
        // Sealing a third ahead splits the work about evenly between the two threads
        // (measured with 100k-event transactions: 1 in 2 left the producer behind, none the
        // committer).
        queue.push((tag, try preparer.prepare(events, expectedFirst: expectedNext, sealAheadEvery: 3, validate: !validated)))
        expectedNext += UInt64(events.count)
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
    private var committedBatches = 0
    private var pendingEvents: Int { pending.reduce(0) { $0 + $1.1.events.count } }
    /// The most events one coalesced transaction takes.
    private let maximumEvents = 100_000
    /// The longest a prepared batch waits for others to share its transaction.
    private let maximumDelay: TimeInterval = 0.5
    private var oldestArrival = Date()

    func push(_ item: (Int, PreparedBatch)) {
        condition.withLock {
            while pendingEvents >= 2 * maximumEvents, failure == nil { condition.wait() }
            if failure == nil {
                if pending.isEmpty { oldestArrival = Date() }
                pending.append(item)
            }
            condition.broadcast()
        }
    }

    /// The next batches to commit together: at least one, up to `maximumEvents`; nil when
    /// closed and drained.
    func next() -> [(Int, PreparedBatch)]? {
        condition.withLock {
            // The first batch goes alone, so a new vault's dictionary is trained before most
            // events are compressed; after that, transactions wait to be large.
            // A stream that trickles in still commits within `maximumDelay`.
            let wanted = committedBatches == 0 ? 1 : maximumEvents
            while pendingEvents < wanted, !closed, failure == nil {
                if pending.isEmpty {
                    condition.wait()
                } else if !condition.wait(until: oldestArrival.addingTimeInterval(maximumDelay)) {
                    break
                }
            }
            guard failure == nil, !pending.isEmpty else { return nil }
            defer { condition.broadcast() }
            var taken = 1
            var events = pending[0].1.events.count
            while taken < pending.count, events + pending[taken].1.events.count <= maximumEvents {
                events += pending[taken].1.events.count
                taken += 1
            }
            committedBatches += taken
            let taking = Array(pending.prefix(taken))
            pending.removeFirst(taken)
            oldestArrival = Date()
            return taking
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
