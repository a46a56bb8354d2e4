import LedgerStore
import Projections

/// Views opened for earlier requests, reused while the log and the view's stored checkpoint
/// are as they were, so that the partitions a state already loaded (and checked against the
/// view's partition tree as it read them) are not read again for each page. Another
/// process's append, catch-up or replay changes the log size or the checkpoint (its tree
/// root covers each partition's fresh nonce), and the view is then opened again.
///
/// Used under the vault's lock only, like the ledger the states read from.
final class ViewStateCache: @unchecked Sendable {
    /// Partitions a held state may keep loaded between requests before it lets go of them.
    static let residentLimit = 32 << 20

    private var held: [String: (checkpoint: ProjectionCheckpoint, state: AnyObject)] = [:]

    /// The current state of `kind`, as `ProjectionEngine.current` gives it.
    func current<P: ProjectionKind>(_ kind: P.Type, ledger: Ledger) throws -> P.State {
        if let entry = held[P.name], let state = entry.state as? P.State,
           try ledger.projectionStore(P.name).checkpoint(verifying: false) == entry.checkpoint,
           try ledger.count() == entry.checkpoint.size {
            if state.residentSize > Self.residentLimit { state.evict() }
            return state
        }
        held[P.name] = nil
        let state = try ProjectionEngine.current(kind, ledger: ledger)
        if let checkpoint = try ledger.projectionStore(P.name).checkpoint(verifying: false) { held[P.name] = (checkpoint, state) }
        return state
    }

    /// Forgets every held state (and what each had loaded).
    func clear() { held.removeAll() }
}
