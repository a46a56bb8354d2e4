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
    /// The checkpoint this fold last saw stored: a save over any other would apply again
    /// what another writer saved meanwhile.
    private var stored: ProjectionCheckpoint?
    private var abandoned = false

    /// Brings the view up to date first, so the fold starts where the appends will.
    /// Partitions drained for a save but not yet written: the fold reads them from here.
    private let unwritten = UnwrittenPartitions()

    init(ledger: Ledger) throws {
        _ = try ProjectionEngine.current(P.self, ledger: ledger)
        self.ledger = ledger
        let store = try ledger.projectionStore(P.name)
        self.store = store
        let unwritten = unwritten
        stored = try store.checkpoint()
        fold = try ProjectionFold<P>(ledger: ledger, intoEmptyStore: stored == nil) { key in try unwritten.lookup(key) ?? store.read(key) }
        applied = stored?.size ?? 0
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

    /// Takes what was folded out of memory, to be written by `write` once the commits have
    /// stored the events it folded; until then the fold reads it back from `unwritten`.
    func drain() -> DrainedChanges? {
        guard !abandoned, applied > saved else { return nil }
        let changes = fold.drainChanges()
        let generation = unwritten.add(changes)
        fold.evict()
        saved = applied
        return DrainedChanges(changes: changes, size: applied, generation: generation)
    }

    /// Writes drained changes with their checkpoint; safe beside the fold going on.
    func write(_ drained: DrainedChanges) throws {
        let head = try ledger.head()
        let checkpoint = ProjectionCheckpoint(version: P.version, size: drained.size, root: drained.size == head.size ? head.root : [])
        // `LiveViews` stops the folds on this error; the catch-up after the import folds the rest.
        guard let written = try store.write(drained.changes, checkpoint: checkpoint, over: stored) else { throw ProjectionEngine.overtaken(P.name) }
        stored = written
        unwritten.remove(drained.changes.map(\.key), generation: drained.generation)
    }
}

/// One view's changes taken out of its fold, with the log size they stand for.
struct DrainedChanges {
    let changes: [(key: [UInt8], value: [UInt8]?)]
    let size: UInt64
    let generation: Int
}

/// A view being folded as events land; see `ProjectionCatalog.liveViews`.
protocol LiveView: AnyObject {
    /// Called with each event in log order, from one thread at a time.
    func apply(_ event: Event, sequence: UInt64)
    /// The log size the view has folded up to.
    var folded: UInt64 { get }
    /// About how many bytes the fold holds in memory.
    var residentSize: Int { get }
    /// Takes what was folded out of memory (nil when there is nothing to save).
    func drain() -> DrainedChanges?
    /// Writes drained changes with their checkpoint; the view then needs no catch-up for them.
    func write(_ drained: DrainedChanges) throws
}
