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
    private let start: UInt64
    private var applied: UInt64
    private var abandoned = false

    /// Brings the view up to date first, so the fold starts where the appends will.
    init(ledger: Ledger) throws {
        _ = try ProjectionEngine.current(P.self, ledger: ledger)
        self.ledger = ledger
        store = try ledger.projectionStore(P.name)
        fold = try ProjectionFold<P>(ledger: ledger, loadPartition: store.read)
        start = try store.checkpoint()?.size ?? 0
        applied = start
    }

    func apply(_ events: [StoredEvent]) {
        guard !abandoned else { return }
        do {
            for stored in events {
                guard stored.sequence == applied else {
                    abandoned = true
                    return
                }
                try fold.apply(stored)
                applied += 1
            }
        } catch {
            abandoned = true
        }
    }

    var folded: UInt64 { applied }

    func finish() throws {
        guard !abandoned, applied > start else { return }
        let head = try ledger.head()
        try store.write(
            fold.drainChanges(),
            checkpoint: ProjectionCheckpoint(version: P.version, size: applied, root: applied == head.size ? head.root : []))
    }
}

/// A view being folded as events land; see `ProjectionCatalog.liveViews`.
protocol LiveView: AnyObject {
    /// Called with each commit's events in log order, from one thread at a time.
    func apply(_ events: [StoredEvent])
    /// The log size the view has folded up to.
    var folded: UInt64 { get }
    /// Saves what was folded; the views then need no catch-up for these events.
    func finish() throws
}

/// Every view, folded as a bulk append's events are prepared, and saved only if the
/// commits stored exactly those events at exactly those sequence numbers. Otherwise (a
/// duplicate, another writer between, a failed commit) nothing is saved and the usual
/// catch-up reads the log instead: a wrong guess costs time, never correctness.
public final class LiveViews: @unchecked Sendable {
    private let views: [any LiveView]
    private let lock = NSLock()
    /// The log size the commits have confirmed so far.
    private var confirmed: UInt64
    private var refuted = false

    init(_ views: [any LiveView], size: UInt64) {
        self.views = views
        confirmed = size
    }

    /// Pass as the appender's `onPrepared`.
    public func apply(_ events: [StoredEvent]) {
        lock.withLock { for view in views { view.apply(events) } }
    }

    /// Pass each commit's outcome, from the appender's `onCommit`.
    public func confirm(_ outcome: AppendOutcome) {
        lock.withLock {
            let expected = Array(confirmed..<(confirmed + UInt64(outcome.appended.count)))
            if outcome.duplicates > 0 || outcome.appended != expected { refuted = true }
            confirmed += UInt64(outcome.appended.count)
        }
    }

    public func finish() throws {
        try lock.withLock {
            for view in views where !refuted && view.folded == confirmed { try view.finish() }
        }
    }
}
