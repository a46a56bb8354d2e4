import LedgerStore
import Projections
import Synchronization

/// Views opened for earlier requests, reused while the log and the view's stored checkpoint
/// are as they were, so that the partitions a state already loaded (and checked against the
/// view's partition tree as it read them) are not read again for each page. Another
/// process's append, catch-up or replay changes the log size or the checkpoint (its tree
/// root covers each partition's fresh nonce), and the view is then opened again.
///
/// Used under the vault's lock only, like the ledger the states read from: its own lock is
/// never contended, and the states are handed out as `UnsafeTransfer`s on that ground.
final class ViewStateCache: Sendable {
    /// Partitions a held state may keep loaded between requests before it lets go of them.
    static let residentLimit = 32 << 20

    private let held = Mutex<[String: (checkpoint: ProjectionCheckpoint, state: UnsafeTransfer<AnyObject>)]>([:])

    /// The current state of `kind`, as `ProjectionEngine.current` gives it.
    func current<P: ProjectionKind>(_ kind: P.Type, ledger: Ledger) throws -> P.State {
        if let entry = held.withLock({ $0[P.name] }), let state = entry.state.value as? P.State,
           try ledger.projectionStore(P.name).checkpoint(verifying: false) == entry.checkpoint,
           try ledger.count() == entry.checkpoint.size {
            if state.residentSize > Self.residentLimit { state.evict() }
            return state
        }
        held.withLock { $0[P.name] = nil }
        let state = try ProjectionEngine.current(kind, ledger: ledger)
        if let checkpoint = try ledger.projectionStore(P.name).checkpoint(verifying: false) {
            held.withLock { $0[P.name] = (checkpoint, UnsafeTransfer(state)) }
        }
        return state
    }

    /// Forgets every held state (and what each had loaded).
    func clear() { held.withLock { $0.removeAll() } }
}
