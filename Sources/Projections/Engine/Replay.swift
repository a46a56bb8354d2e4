import Foundation
import LedgerCore
public import LedgerStore

/// What a replay found: how the rebuilt view differs from the stored one.
public struct ReplayReport: Sendable {
    public let name: String
    public let storedVersion: Int?
    public let version: Int
    public let events: UInt64
    public let seconds: Double
    public let changedPartitions: Int
    public let details: [String]
    public let applied: Bool

    /// Whether the view had been built before: without a stored state there is nothing to
    /// compare, and listing every partition as changed would read as a difference found.
    public var wasBuilt: Bool { storedVersion != nil }

    public var summary: String {
        guard wasBuilt else {
            let verb = applied ? "built" : "dry run of"
            return "\(verb) \(name) v\(version) over \(events) events in \(String(format: "%.2f", seconds)) s: "
                + (applied ? "it had not been built before" : "not built yet, so nothing to compare; `replay \(name)` builds it")
        }
        let versions = storedVersion.map { $0 == version ? "v\(version)" : "v\($0) → v\(version)" } ?? "v\(version) (new)"
        let verb = applied ? "replayed" : "dry run of"
        return "\(verb) \(name) \(versions) over \(events) events in \(String(format: "%.2f", seconds)) s: \(changedPartitions == 0 ? "no change" : "\(changedPartitions) partitions changed")"
    }
}

extension ProjectionEngine {
    /// Rebuilds `P` from sequence 0 into a shadow, reports what changed against the stored
    /// state, then (unless `dryRun`) makes the shadow the state in one transaction.
    public static func replay<P: ProjectionKind>(_ kind: P.Type, ledger: Ledger, dryRun: Bool) throws -> ReplayReport {
        try replay([ShadowRebuild(kind, ledger: ledger)], ledger: ledger, dryRun: dryRun)[0]
    }

    /// What a replay's folds may hold in memory before they are saved into their shadows and
    /// let go of. Larger than a catch-up's: a replay saves into states nobody reads yet, and
    /// each save of a partition folded again later costs a read and a write more.
    public static let replayResidentLimit = 32 << 20

    /// Rebuilds every view of `rebuilds` in one pass over the log, each into its shadow, then
    /// compares and switches them one by one; `indexes`, when given, is fed the same pass.
    /// `progress` hears (events folded, events to fold).
    static func replay(
        _ rebuilds: [any ViewRebuild], ledger: Ledger, dryRun: Bool, residentLimit: Int = replayResidentLimit,
        indexes: StoreIndexRebuild? = nil, progress: ((UInt64, UInt64) -> Void)? = nil
    ) throws -> [ReplayReport] {
        let clock = ContinuousClock.now
        let head = try ledger.head()
        var applied: UInt64 = 0
        try ledger.forEach { stored in
            guard stored.sequence < head.size else { return false }
            try indexes?.add(stored)
            for rebuild in rebuilds { try rebuild.apply(stored.event) }
            applied = stored.sequence + 1
            if applied % catchUpStride == 0 {
                progress?(applied, head.size)
                if rebuilds.reduce(0, { $0 + $1.residentSize }) > residentLimit {
                    try saveOneByOne(rebuilds, ledger: ledger, size: applied, root: [])
                }
            }
            return true
        }
        try saveOneByOne(rebuilds, ledger: ledger, size: applied, root: applied == head.size ? head.root : [])
        let elapsed = ContinuousClock.now - clock
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        return try rebuilds.map { rebuild in
            defer { ledger.releaseFreedHeap() }
            return try rebuild.finish(dryRun: dryRun, events: applied, seconds: seconds)
        }
    }

    /// Saves each fold into its shadow and gives back the heap that save freed (its view's
    /// changes, encoded) before the next view encodes its own, so that glibc's arenas do not
    /// keep every view's encoding at once.
    private static func saveOneByOne(_ rebuilds: [any ViewRebuild], ledger: Ledger, size: UInt64, root: [UInt8]) throws {
        for rebuild in rebuilds {
            try rebuild.save(size: size, root: root)
            ledger.releaseFreedHeap()
        }
    }
}
