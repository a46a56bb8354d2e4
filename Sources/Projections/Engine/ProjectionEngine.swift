import Foundation
import LedgerCore
public import LedgerStore

/// Keeps projections up to date with the log, reads them as of any past point, and
/// rebuilds them when their algorithm changes.
public enum ProjectionEngine {
    /// `P` brought up to date with the log. A stored state from another algorithm version
    /// is refused (or, with `autoReplay`, rebuilt first).
    /// `progress` hears (events folded, events to fold) every few thousand events of a long catch-up.
    public static func current<P: ProjectionKind>(
        _ kind: P.Type, ledger: Ledger, autoReplay: Bool = false, progress: ((UInt64, UInt64) -> Void)? = nil
    ) throws -> P.State {
        // Another writer saving the view first makes this fold start again from what it
        // saved; each such restart means that writer got further, so all of them finish.
        for _ in 0..<maximumCatchUpAttempts {
            var store = try ledger.projectionStore(P.name)
            if try store.savedWithoutDigest() {
                // Nothing can tell whether such a state was tampered with; the log can rebuild it.
                _ = try replay(kind, ledger: ledger, dryRun: false)
                store = try ledger.projectionStore(P.name)
            }
            try upgradeToPartitionTree(store)
            // Checks the tree's root; each read then checks the partitions it reads.
            var checkpoint = try store.checkpoint()
            if let stored = checkpoint, stored.version != P.version {
                guard autoReplay else { throw ProjectionVersionError(name: P.name, stored: stored.version, current: P.version) }
                _ = try replay(kind, ledger: ledger, dryRun: false)
                store = try ledger.projectionStore(P.name)
                checkpoint = try store.checkpoint()
            }
            if let state = try catchUp(kind, ledger: ledger, store: store, from: checkpoint, progress: progress) { return state }
        }
        throw overtaken(P.name)
    }

    /// Binds a state the previous version saved (whose check read every partition) with a
    /// partition tree, once, and says so on standard error.
    static func upgradeToPartitionTree(_ store: ProjectionStore) throws {
        guard let partitions = try store.upgradeToPartitionTree() else { return }
        FileHandle.standardError.write(Data(
            "healthledger: upgraded the \(store.name) view (\(partitions) partitions) to a hash tree, so that each read checks only what it reads; this happens once\n".utf8))
    }

    static func overtaken(_ name: String) -> LedgerStoreError {
        .damagedView(name: name, reason: "was saved by other writers \(maximumCatchUpAttempts) times while this command caught it up; run the command again")
    }

    /// How many times a catch-up starts again after other writers saved the view first.
    static let maximumCatchUpAttempts = 1_000

    /// What a catch-up may hold in memory before it saves what it folded and lets go of it.
    static let catchUpResidentLimit = 16 << 20
    /// Events between two looks at the fold's size (and progress reports).
    static let catchUpStride: UInt64 = 4096

    /// `catchUp(_:ledger:store:from:)` once, from the checkpoint stored now.
    static func catchUp<P: ProjectionKind>(
        _ kind: P.Type, ledger: Ledger, store: ProjectionStore,
        residentLimit: Int = catchUpResidentLimit, progress: ((UInt64, UInt64) -> Void)? = nil
    ) throws -> P.State {
        guard let state = try catchUp(kind, ledger: ledger, store: store, from: store.checkpoint(), residentLimit: residentLimit, progress: progress)
        else { throw overtaken(P.name) }
        return state
    }

    /// Folds the events `store` has not seen since `checkpoint` and saves the result with a
    /// new checkpoint; nil, having saved nothing more, when another writer saved the view
    /// since `checkpoint` (the caller starts again from what it saved).
    ///
    /// A long backlog (a vault imported before this view existed) is saved whenever the fold
    /// holds more than `residentLimit` bytes, with a checkpoint where it got to: memory stays
    /// flat, and an interrupted catch-up goes on from there.
    static func catchUp<P: ProjectionKind>(
        _ kind: P.Type, ledger: Ledger, store: ProjectionStore, from checkpoint: ProjectionCheckpoint?,
        residentLimit: Int = catchUpResidentLimit, progress: ((UInt64, UInt64) -> Void)? = nil
    ) throws -> P.State? {
        let fold = try ProjectionFold<P>(ledger: ledger, intoEmptyStore: checkpoint == nil, loadPartition: store.read)
        var saved = checkpoint
        var applied = checkpoint?.size ?? 0
        let head = try ledger.head()
        if applied > head.size {
            // The log is shorter than what the view has seen: it was rolled back or cut.
            throw LedgerStoreError.damagedView(name: P.name, reason: "has seen \(applied) events but the log holds \(head.size): check the log with `healthledger audit` first")
        }
        guard applied < head.size else { return fold.state }
        let first = applied
        var overtaken = false
        try ledger.forEach(from: applied) { stored in
            guard stored.sequence < head.size else { return false }
            try fold.apply(stored)
            applied = stored.sequence + 1
            if (applied - first) % catchUpStride == 0 {
                progress?(applied - first, head.size - first)
                if fold.state.residentSize > residentLimit {
                    let next = ProjectionCheckpoint(version: P.version, size: applied, root: [])
                    guard let written = try store.write(fold.drainChanges(), checkpoint: next, over: saved) else {
                        overtaken = true
                        return false
                    }
                    saved = written
                    fold.evict()
                }
            }
            return true
        }
        if overtaken { return nil }
        let last = ProjectionCheckpoint(version: P.version, size: applied, root: applied == head.size ? head.root : [])
        guard try store.write(fold.drainChanges(), checkpoint: last, over: saved) != nil else { return nil }
        return fold.state
    }

    /// `P` caught up in memory, its save left to `Ledger.save(_:)` so that the views of one
    /// append share one durable transaction; `.needsFullPath` where `current` must do it (a
    /// state to replay, another version, a backlog too long to hold, a log shorter than the view).
    static func pendingCatchUp<P: ProjectionKind>(_ kind: P.Type, ledger: Ledger) throws -> PendingCatchUp {
        let store = try ledger.projectionStore(P.name)
        guard try !store.savedWithoutDigest() else { return .needsFullPath }
        try upgradeToPartitionTree(store)
        let checkpoint = try store.checkpoint()
        let head = try ledger.head()
        let seen = checkpoint?.size ?? 0
        guard checkpoint.map({ $0.version == P.version }) ?? true, seen <= head.size, head.size - seen <= catchUpStride else { return .needsFullPath }
        guard seen < head.size else { return .upToDate }
        let fold = try ProjectionFold<P>(ledger: ledger, intoEmptyStore: checkpoint == nil, loadPartition: store.read)
        var applied = seen
        try ledger.forEach(from: seen) { stored in
            guard stored.sequence < head.size else { return false }
            try fold.apply(stored)
            applied = stored.sequence + 1
            return true
        }
        let last = ProjectionCheckpoint(version: P.version, size: applied, root: applied == head.size ? head.root : [])
        return .save(ViewSave(store: store, changes: fold.drainChanges(), checkpoint: last, over: checkpoint))
    }

    /// `P` as it was known when the log held its first `size` events, folded in memory. Where
    /// the view allows it, only the `part` asked for is right in it, folded from the events
    /// that make that part alone: its settings, and the events counting on at most
    /// `Ledger.daysReadThroughIndex` days with those of the kinds that count on every day.
    public static func asOf<P: ProjectionKind>(_ kind: P.Type, ledger: Ledger, size: UInt64, part: ViewPart = .whole) throws -> P.State {
        let days: ClosedRange<LocalDay>?
        switch part {
        case .days(let range) where P.daysStandAlone && range.upperBound.number - range.lowerBound.number < Ledger.daysReadThroughIndex:
            days = LocalDay(number: range.lowerBound.number - asOfDaysBefore)...LocalDay(number: range.upperBound.number + asOfDaysAfter)
        case .settings: days = nil
        default: return try fresh(kind, ledger: ledger, upTo: size).fold.state
        }
        guard let settingKinds = P.settingKinds else { return try fresh(kind, ledger: ledger, upTo: size).fold.state }
        let kinds = days == nil ? settingKinds : settingKinds.union(P.kindsOfEveryDay)
        // As of a recent point, the part asked for is often untouched since: the stored view,
        // caught up, reads it as it was, without folding a record. Only a view already past
        // the point: catching one up from further back would fold what this part need not.
        if let stored = try ledger.projectionStore(P.name).checkpoint(), stored.version == P.version, stored.size >= size,
           try ledger.nothingCounts(on: days, orKinds: kinds, from: size) {
            return try current(kind, ledger: ledger)
        }
        let fold = try ProjectionFold<P>(ledger: ledger) { _ in nil }
        try ledger.forEach(countingOn: days, orKinds: kinds, before: size) { try fold.apply($0) }
        return fold.state
    }

    /// The days around a range whose events may count on it, for an event lasting at most a
    /// day (longer ones are read whatever their day): a view places a moment at the offset of
    /// the zone it was lived in, up to 36 hours from the offset the day index tagged it with
    /// (offsets lie within ±18 hours), a night on the day it ends, six hours on; and a sample
    /// counts up to its end, a day after its start.
    static let asOfDaysBefore: Int64 = 3
    static let asOfDaysAfter: Int64 = 2

    /// A fold of the first `size` events (all when nil) from an empty state.
    static func fresh<P: ProjectionKind>(_ kind: P.Type, ledger: Ledger, upTo size: UInt64?) throws -> (fold: ProjectionFold<P>, size: UInt64) {
        let fold = try ProjectionFold<P>(ledger: ledger) { _ in nil }
        var applied: UInt64 = 0
        try ledger.forEach { stored in
            if let size, stored.sequence >= size { return false }
            try fold.apply(stored)
            applied = stored.sequence + 1
            return true
        }
        return (fold, applied)
    }
}

/// What `ProjectionEngine.pendingCatchUp` found for one view.
enum PendingCatchUp {
    case upToDate
    case save(ViewSave)
    case needsFullPath
}
