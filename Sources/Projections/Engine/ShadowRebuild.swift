import LedgerCore
import LedgerStore

/// One view rebuilt from sequence 0 into a shadow generation beside its active state, for
/// `ProjectionEngine.replay`: the fold is saved into the shadow whenever the replay holds
/// enough, and let go of, so a rebuild of a lifetime of events keeps memory flat.
protocol ViewRebuild: AnyObject {
    var name: String { get }
    func apply(_ event: Event) throws
    /// About how many bytes the fold holds in memory.
    var residentSize: Int { get }
    /// Saves what was folded into the shadow, with the log size (and root, at the head) it stands for.
    func save(size: UInt64, root: [UInt8]) throws
    /// Compares the shadow with the active state, then makes it the state (or, in a dry run, deletes it).
    func finish(dryRun: Bool, events: UInt64, seconds: Double) throws -> ReplayReport
}

final class ShadowRebuild<P: ProjectionKind>: ViewRebuild {
    private let ledger: Ledger
    private let active: ProjectionStore
    private let stored: ProjectionCheckpoint?
    private let shadow: ProjectionStore
    private let fold: ProjectionFold<P>
    /// The checkpoint last saved into the shadow.
    private var saved: ProjectionCheckpoint?

    init(_ kind: P.Type, ledger: Ledger) throws {
        self.ledger = ledger
        active = try ledger.projectionStore(P.name)
        // A damaged state is rebuilt whether or not it could be upgraded.
        try? ProjectionEngine.upgradeToPartitionTree(active)
        stored = try active.checkpoint(verifying: false)
        let shadow = try ledger.shadowStore(after: active)
        self.shadow = shadow
        fold = try ProjectionFold<P>(ledger: ledger, intoEmptyStore: true, loadPartition: shadow.read)
    }

    var name: String { P.name }

    func apply(_ event: Event) throws { try fold.apply(event) }

    var residentSize: Int { fold.state.residentSize }

    func save(size: UInt64, root: [UInt8]) throws {
        let checkpoint = ProjectionCheckpoint(version: P.version, size: size, root: root)
        guard let written = try shadow.write(fold.drainChanges(), checkpoint: checkpoint, over: saved) else {
            throw LedgerStoreError.replayedConcurrently(name: P.name)
        }
        saved = written
        fold.evict()
    }

    func finish(dryRun: Bool, events: UInt64, seconds: Double) throws -> ReplayReport {
        var changed: [[UInt8]]
        var details: [String]
        do {
            _ = try active.checkpoint()
            try active.checkAllPartitions()
            changed = try shadow.partitionsDiffering(from: active).filter { $0.first != 0xFF }
            details = changed.isEmpty ? [] : try P.describeChanges(from: P.makeState(load: active.read), to: P.makeState(load: shadow.read), keys: changed)
        } catch let error as LedgerStoreError where error.kind == .damagedView {
            // A damaged state is what replay repairs: there is nothing trustworthy to compare.
            changed = try shadow.partitionsDiffering(from: nil).filter { $0.first != 0xFF }
            details = ["the stored state \(error.damagedViewReason ?? ""): rebuilt from the log"]
        }
        if dryRun {
            try ledger.discard(shadow)
        } else {
            try ledger.activate(shadow, filled: saved, replacing: active)
        }
        return ReplayReport(
            name: P.name, storedVersion: stored?.version, version: P.version, events: events, seconds: seconds,
            changedPartitions: changed.count, details: details, applied: !dryRun)
    }
}
