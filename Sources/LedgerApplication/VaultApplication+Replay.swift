public import LedgerStore
public import Projections

/// What `replay` rebuilt: the store indexes and the tree edges only when every view was asked
/// for and the replay was not a dry run.
public struct ReplayOutcome {
    public let storeIndexes: StoreIndexBuild?
    public let views: [ReplayReport]
    public let treeEdges: TreeEdgesRebuild?
}

extension VaultApplication {
    /// Rebuilds the views named (every one when empty) from sequence 0 and switches to them
    /// unless `dryRun`. A whole replay also rebuilds the store indexes in the same pass over
    /// the log, then the Merkle tree edges `audit --since` starts from. `progress` hears
    /// (events folded, events to fold); an unknown name throws `UnknownProjection` before any work.
    public static func replay(
        _ names: [String], ledger: Ledger, dryRun: Bool, progress: ((UInt64, UInt64) -> Void)? = nil
    ) throws -> ReplayOutcome {
        let whole = names.isEmpty && !dryRun
        return try ledger.watchingMappedPages {
            let indexes = whole ? try StoreIndexRebuild(ledger: ledger) : nil
            let views = try ProjectionCatalog.replay(names, ledger: ledger, dryRun: dryRun, indexes: indexes, progress: progress)
            let storeIndexes = try indexes?.finish()
            return ReplayOutcome(storeIndexes: storeIndexes, views: views, treeEdges: whole ? try ledger.rebuildTreeEdges() : nil)
        }
    }
}
