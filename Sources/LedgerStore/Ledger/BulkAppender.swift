import Foundation
public import LedgerCore

/// Appends a stream of batches with both cores busy: the caller's thread validates,
/// encodes, compresses and seals ahead batch k+1 while a committer thread indexes and
/// commits batch k.
///
/// Batches commit in order, gathered into durable transactions of up to the queue's events
/// or bytes, whichever comes first:
/// the dedup index's random inserts then dirty each B-tree page once for many events
/// instead of once per small batch (see docs/performance.md, "BulkAppender: transactions").
/// After an error no later batch commits; those before it stay stored.
public final class BulkAppender {
    private let ledger: Ledger
    private let preparer: EventPreparer
    private let queue: CommitQueue
    private let committer: Thread
    /// Keeps the data file's mapped pages in budget while the append runs.
    private let warden: MapWarden
    /// Where the next batch will start if nothing else writes and nothing is a duplicate.
    private var expectedNext: UInt64

    /// Where batches are validated, encoded, compressed and sealed.
    public enum Preparation: Sendable {
        /// On the caller's thread, a third sealed ahead: for callers whose own work is light
        /// (events already made), so the two threads share the work about evenly.
        case inCaller
        /// On a thread of its own: for callers whose own work is heavy (an importer parsing
        /// XML), so the caller only makes events and both cores stay busy.
        case onOwnThread
    }

    private let preparation: Preparation
    private var preparing: Thread?
    /// Batches of events waiting to be prepared, a few at a time so memory stays flat.
    private let handOff = BoundedHandOff<(tag: Int, events: [Event], validated: Bool)>(capacity: 4)

    /// Called with each batch once prepared and queued, on the thread that prepared it, with the
    /// sequence number its first event will get if none is a duplicate and no other writer comes
    /// between — a guess that `onCommit`'s outcomes confirm or refute. A view can fold events
    /// here and drop them, rather than hold them until commit or read them back afterwards.
    /// The events are passed as given, without the commit time: copying millions of them
    /// into stored events cost the preparing thread a tenth of its time.
    private let onPrepared: (@Sendable (_ events: [Event], _ first: UInt64) -> Void)?

    /// `onCommit` runs on the committer thread after each durable commit, with the batch's tag.
    public init(
        ledger: Ledger, recordedAt: Timestamp = .now(), preparation: Preparation = .inCaller,
        onPrepared: (@Sendable (_ events: [Event], _ first: UInt64) -> Void)? = nil,
        onCommit: @escaping @Sendable (Int, AppendOutcome) -> Void = { _, _ in }
    ) {
        self.ledger = ledger
        self.preparation = preparation
        warden = MapWarden(ledger.environment)
        // A caller that prepares on its own thread is the heavy one: smaller transactions
        // keep less in flight, and the committer has time for their extra page writes
        // (see docs/performance.md, "BulkAppender: transactions").
        queue = preparation == .onOwnThread
            ? CommitQueue(maximumEvents: 50_000, maximumPendingBytes: 6 << 20)
            : CommitQueue(maximumEvents: 100_000, maximumPendingBytes: 12 << 20)
        self.onPrepared = onPrepared
        // The queue's bytes are bounded by the buffers' room, so this is about as many as are
        // in flight; more hold memory for no speed (see docs/performance.md, "ByteBufferPool").
        let buffers = ByteBufferPool(capacity: 8)
        preparer = EventPreparer(codec: ledger.codec.sibling(), indexHasher: ledger.indexHasher, buffers: buffers)
        expectedNext = (try? ledger.count()) ?? 0
        // Only the committer thread touches the ledger until `finish`.
        let work = UnsafeTransfer(ledger)
        let queue = queue
        committer = Thread {
            // Named, so that `top -H` and profilers tell the threads apart.
            nameCurrentThread("ledger-commit")
            var committedSinceTrim = 0
            while var pending = queue.next() {
                do {
                    let assigned = try work.value.commit(pending.map(\.batch), recordedAt: recordedAt)
                    committedSinceTrim += pending.reduce(0) { $0 + $1.batch.bytes.count }
                    for index in pending.indices { buffers.recycle(&pending[index].batch.bytes) }
                    if committedSinceTrim >= Self.bytesBetweenHeapTrims {
                        MemoryPolicy.releaseFreedHeap()
                        committedSinceTrim = 0
                    }
                    for (item, outcome) in zip(pending, AppendOutcome.of(assigned)) {
                        queue.record(outcome)
                        onCommit(item.tag, outcome)
                    }
                } catch {
                    queue.fail(error)
                }
            }
            // What the import's threads freed goes back before the caller's last work (the
            // views' final save) allocates on top of it.
            MemoryPolicy.releaseFreedHeap()
            queue.finished()
        }
        committer.start()
        if preparation == .onOwnThread { startPreparing() }
    }

    /// Every this many bytes of batches committed, free memory inside the heaps goes back
    /// to the kernel. Events are made on one thread and freed on another, so each thread's
    /// heap ends up with free holes that only trimming returns (see docs/performance.md,
    /// "BulkAppender.bytesBetweenHeapTrims"). Counted in bytes, about 50,000 events of
    /// samples, so that a tail of large events (routes, ECGs) is trimmed as often for the
    /// memory it turns over.
    static let bytesBetweenHeapTrims = 28 << 20

    private func startPreparing() {
        // Only the preparing thread uses the preparer.
        let work = UnsafeTransfer(preparer)
        let handOff = handOff, queue = queue
        let first = expectedNext
        let onPrepared = onPrepared
        let thread = Thread {
            nameCurrentThread("ledger-prepare")
            var expected = first
            while let (tag, events, validated) = handOff.next() {
                do {
                    // Sealed ahead in full: this thread shares a core with the committer,
                    // so which of the two seals makes no difference to the caller.
                    let batch = try work.value.prepare(events, expectedFirst: expected, sealAheadEvery: 1, validate: !validated)
                    queue.push(QueuedBatch(tag: tag, batch: batch))
                    onPrepared?(events, expected)
                    expected += UInt64(events.count)
                } catch {
                    queue.fail(error)
                    handOff.fail()
                }
            }
            queue.close()
        }
        preparing = thread
        thread.start()
    }

    /// Prepares `events` here and queues them to commit; throws a validation error for this
    /// batch, or the error that stopped an earlier commit. `validated: true` skips validation
    /// for events the caller has passed through `EventValidator.validate` one by one.
    public func add(_ events: [Event], tag: Int = 0, validated: Bool = false) throws {
        try queue.throwIfFailed()
        // Whatever the caller validated: it checked each event alone.
        try ledger.refuseCorrectionsOfAnotherKind(events)
        if preparation == .onOwnThread {
            handOff.push((tag, events, validated))
            return
        }
        // Sealing a third ahead splits the work about evenly between the two threads (see
        // docs/performance.md, "BulkAppender: sealing ahead").
        let batch = try preparer.prepare(events, expectedFirst: expectedNext, sealAheadEvery: 3, validate: !validated)
        queue.push(QueuedBatch(tag: tag, batch: batch))
        onPrepared?(events, expectedNext)
        expectedNext += UInt64(events.count)
    }

    /// Commits what is queued now rather than waiting for a full transaction: for a caller
    /// about to wait on the commits (a view saving what it folded).
    public func commitPromptly() { queue.hurry() }

    /// Whether a commit failed (the error comes from `add` or `finish`).
    public var hasFailed: Bool { (try? queue.throwIfFailed()) == nil }

    /// Waits for every queued batch; returns what was stored or throws what stopped it.
    @discardableResult
    public func finish() throws -> BulkAppendTotal {
        defer { warden.stop() }
        if preparation == .onOwnThread { handOff.close() } else { queue.close() }
        return try queue.waitUntilFinished()
    }
}

/// A prepared batch waiting to commit.
private struct QueuedBatch {
    let tag: Int
    var batch: PreparedBatch
}

/// A bounded hand-off between the preparing and the committing thread.
private final class CommitQueue: @unchecked Sendable {
    // Unchecked: the fields are reached only with `condition` held; waiting on a condition is what `Mutex` lacks.
    private let condition = NSCondition()
    private var pending: [QueuedBatch] = []
    private var closed = false
    private var done = false
    private var failure: (any Error)?
    private var total = BulkAppendTotal()
    private var committedBatches = 0
    private var pendingEvents: Int { pending.reduce(0) { $0 + $1.batch.events.count } }
    /// Counted by the buffers' room, which is what they hold in memory: a pooled buffer keeps
    /// the room of the largest batch it held, up to 4 MB; counted by bytes used, the queue
    /// could hold up to twice its bound.
    private var pendingBytes: Int { pending.reduce(0) { $0 + $1.batch.bytes.capacity } }
    /// Prepared bytes allowed to wait: a few large events (routes, ECGs) weigh more than
    /// thousands of small ones, so the count of events alone does not bound memory.
    private let maximumPendingBytes: Int
    /// Set by `hurry`: commit what is queued without waiting for a full transaction.
    private var hurried = false
    /// The most events one coalesced transaction takes.
    private let maximumEvents: Int

    init(maximumEvents: Int, maximumPendingBytes: Int) {
        self.maximumEvents = maximumEvents
        self.maximumPendingBytes = maximumPendingBytes
    }
    /// The longest a prepared batch waits for others to share its transaction.
    private let maximumDelay: TimeInterval = 0.5
    private var oldestArrival = Date()

    func push(_ item: QueuedBatch) {
        condition.withLock {
            // One transaction's worth waits while another commits: enough to keep the
            // committer busy, and no more held in memory.
            while pendingEvents >= maximumEvents || pendingBytes >= maximumPendingBytes, failure == nil { condition.wait() }
            if failure == nil {
                if pending.isEmpty { oldestArrival = Date() }
                pending.append(item)
            }
            condition.broadcast()
        }
    }

    /// The next batches to commit together: at least one, up to `maximumEvents`; nil when
    /// closed and drained.
    func next() -> [QueuedBatch]? {
        condition.withLock {
            // The first batch goes alone, so a new vault's dictionary is trained before most
            // events are compressed; after that, transactions wait to be large.
            // A stream that trickles in still commits within `maximumDelay`.
            let wanted = committedBatches == 0 ? 1 : maximumEvents
            while pending.isEmpty || (pendingEvents < wanted && pendingBytes < maximumPendingBytes && !hurried), !closed, failure == nil {
                if pending.isEmpty {
                    condition.wait()
                } else if !condition.wait(until: oldestArrival.addingTimeInterval(maximumDelay)) {
                    break
                }
            }
            guard failure == nil, !pending.isEmpty else { return nil }
            defer { condition.broadcast() }
            var taken = 1
            var events = pending[0].batch.events.count
            while taken < pending.count, events + pending[taken].batch.events.count <= maximumEvents {
                events += pending[taken].batch.events.count
                taken += 1
            }
            committedBatches += taken
            let taking = Array(pending.prefix(taken))
            pending.removeFirst(taken)
            if pending.isEmpty { hurried = false }
            oldestArrival = Date()
            return taking
        }
    }

    func hurry() {
        condition.withLock {
            hurried = true
            condition.broadcast()
        }
    }

    func record(_ outcome: AppendOutcome) {
        condition.withLock {
            total.add(outcome)
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

    func waitUntilFinished() throws -> BulkAppendTotal {
        try condition.withLock {
            while !done { condition.wait() }
            if let failure { throw failure }
            return total
        }
    }
}

/// What a bulk append stored in all. Counts and a span rather than every sequence number:
/// an import of millions of events would otherwise hold eight bytes per event until it ends.
public struct BulkAppendTotal: Sendable, Equatable {
    public var appended = 0
    public var duplicates = 0
    /// Of `duplicates`, the same records as events stored under another id, by their source's name.
    public var heldUnderAnotherID: [String: Int] = [:]
    /// From the first stored event's sequence number to the last's; nil when none was stored.
    /// Another writer's events may lie between them.
    public var sequences: ClosedRange<UInt64>?

    mutating func add(_ outcome: AppendOutcome) {
        appended += outcome.appended.count
        duplicates += outcome.duplicates
        heldUnderAnotherID.merge(outcome.heldUnderAnotherID, uniquingKeysWith: +)
        guard let first = outcome.appended.first, let last = outcome.appended.last else { return }
        sequences = (sequences?.lowerBound ?? first)...last
    }
}
