import Foundation
import LedgerCore
import LedgerStore

/// A view folded while a bulk append lands, from the events as they are prepared, so it
/// need not read millions of them back afterwards. The result is what a catch-up would
/// give: the same fold over the same events in log order, saved with the same checkpoint.
///
/// The sequence numbers it folds at are the appender's guess; `LiveViews` saves the fold
/// only if the commits confirmed every one of them.
final class LiveProjection<P: ProjectionKind>: LiveView {
    private let ledger: Ledger
    private let store: ProjectionStore
    private let fold: ProjectionFold<P>
    private var applied: UInt64
    /// Where the store's checkpoint is.
    private var saved: UInt64
    private var abandoned = false

    /// Brings the view up to date first, so the fold starts where the appends will.
    init(ledger: Ledger) throws {
        _ = try ProjectionEngine.current(P.self, ledger: ledger)
        self.ledger = ledger
        store = try ledger.projectionStore(P.name)
        fold = try ProjectionFold<P>(ledger: ledger, loadPartition: store.read)
        applied = try store.checkpoint()?.size ?? 0
        saved = applied
    }

    func apply(_ event: Event, sequence: UInt64) {
        guard !abandoned else { return }
        guard sequence == applied else {
            abandoned = true
            return
        }
        do {
            try fold.apply(event)
            applied += 1
        } catch {
            abandoned = true
        }
    }

    var folded: UInt64 { applied }

    var residentSize: Int { fold.state.residentSize }

    /// Saves what was folded with its checkpoint, and lets go of it in memory.
    func finish() throws {
        guard !abandoned, applied > saved else { return }
        let head = try ledger.head()
        try store.write(
            fold.drainChanges(),
            checkpoint: ProjectionCheckpoint(version: P.version, size: applied, root: applied == head.size ? head.root : []))
        fold.evict()
        saved = applied
    }
}

/// A view being folded as events land; see `ProjectionCatalog.liveViews`.
protocol LiveView: AnyObject {
    /// Called with each event in log order, from one thread at a time.
    func apply(_ event: Event, sequence: UInt64)
    /// The log size the view has folded up to.
    var folded: UInt64 { get }
    /// About how many bytes the fold holds in memory.
    var residentSize: Int { get }
    /// Saves what was folded; the views then need no catch-up for these events.
    func finish() throws
}

/// Every view, folded as a bulk append's events are prepared, and saved only where the
/// commits stored exactly those events at exactly those sequence numbers. A wrong guess
/// (a duplicate, another writer between, a failed commit) stops the folding, and the usual
/// catch-up reads the rest from the log: it costs time, never correctness.
///
/// When the folds hold more than `residentLimit` bytes, the views are saved and let go of, as
/// soon as the commits have caught up with the fold, so memory stays flat however large the import.
public final class LiveViews: @unchecked Sendable {
    private let views: [any LiveView]
    private let condition = NSCondition()
    /// The log size the commits have confirmed so far.
    private var confirmed: UInt64
    private var refuted = false
    private let residentLimit = 16 << 20
    /// Asks the appender to commit what it holds now, so a save need not wait long.
    private var hurry: @Sendable () -> Void = {}
    /// Whether the appender stopped on an error, so a save does not wait for commits that never come.
    private var appenderFailed: @Sendable () -> Bool = { false }
    /// One batch waits while another is folded: enough to keep both threads busy.
    private let incoming = BoundedHandOff<(events: [Event], first: UInt64)>(capacity: 1)
    private var folding: Thread?
    private let foldingEnded = DispatchSemaphore(value: 0)

    init(_ views: [any LiveView], size: UInt64) {
        self.views = views
        confirmed = size
    }

    /// Pass the appender's `commitPromptly` and `hasFailed`.
    public func follow(hurry: @escaping @Sendable () -> Void, failed: @escaping @Sendable () -> Bool) {
        self.hurry = hurry
        appenderFailed = failed
    }

    /// Pass as the appender's `onPrepared`: `events` are to be stored at `first`, `first + 1`, …
    /// They are folded on the views' own thread: folding costs about as much as preparing,
    /// so the two run side by side, and a save waiting for the commits holds up only the views.
    public func apply(_ events: [Event], first: UInt64) {
        if folding == nil { startFolding() }
        incoming.push((events, first))
    }

    private func startFolding() {
        let incoming = incoming, ended = foldingEnded
        let thread = Thread { [self] in
            Thread.current.name = "views-fold"
            while let (events, first) = incoming.next() { fold(events, first: first) }
            ended.signal()
        }
        folding = thread
        thread.start()
    }

    private func fold(_ events: [Event], first: UInt64) {
        // One event at a time, so that one batch touching every day (activity summaries come
        // one per day, together) cannot load the whole history into memory before a save.
        // Through the buffer: reading an array element copies the event, ten retains and
        // releases, and copies were a tenth of the folding.
        events.withUnsafeBufferPointer { events in
            for index in events.indices {
                let folded: UInt64? = condition.withLock {
                    guard !refuted else { return nil }
                    for view in views { view.apply(events[index], sequence: first + UInt64(index)) }
                    return views.reduce(0) { $0 + $1.residentSize } > residentLimit ? views.map(\.folded).min() : nil
                }
                if let folded { save(upTo: folded) }
            }
        }
    }

    /// Pass each commit's outcome, from the appender's `onCommit`.
    public func confirm(_ outcome: AppendOutcome) {
        condition.withLock {
            let expected = Array(confirmed..<(confirmed + UInt64(outcome.appended.count)))
            if outcome.duplicates > 0 || outcome.appended != expected { refuted = true }
            confirmed += UInt64(outcome.appended.count)
            condition.broadcast()
        }
    }

    /// Saves what was folded once the commits confirm it all; call after the appender finished.
    public func finish() throws {
        if folding != nil {
            incoming.close()
            foldingEnded.wait()
            folding = nil
        }
        try condition.withLock {
            for view in views where !refuted && view.folded <= confirmed { try view.finish() }
        }
    }

    private func save(upTo folded: UInt64) {
        hurry()
        condition.withLock {
            // The commits may be ahead (the batch is queued before it is folded): the views
            // are saved at the sequence they folded to, which is then stored.
            while confirmed < folded, !refuted {
                if appenderFailed() { refuted = true } else { _ = condition.wait(until: Date().addingTimeInterval(0.1)) }
            }
            guard !refuted else { return }
            do {
                for view in views { try view.finish() }
            } catch {
                refuted = true
            }
        }
    }
}
