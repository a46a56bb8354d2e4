import LedgerCore
import LedgerStore

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
        let clock = ContinuousClock.now
        let active = try ledger.projectionStore(P.name)
        // A damaged state is rebuilt below whether or not it could be upgraded.
        try? upgradeToPartitionTree(active)
        let stored = try active.checkpoint(verifying: false)
        let (fold, size) = try fresh(kind, ledger: ledger, upTo: nil)
        let rebuilt = fold.drainChanges().compactMap { change in change.value.map { (key: change.key, value: $0) } }
        var changed: [[UInt8]]
        var details: [String]
        do {
            _ = try active.checkpoint()
            try active.checkAllPartitions()
            changed = changedKeys(try active.allPartitions(), rebuilt)
            details = try P.describeChanges(from: try P.makeState(load: active.read), to: fold.state, keys: changed)
        } catch let error as LedgerStoreError where error.kind == .damagedView {
            // A damaged state is what replay repairs: there is nothing trustworthy to compare.
            changed = rebuilt.map(\.key).filter { $0.first != 0xFF }
            details = ["the stored state \(error.damagedViewReason ?? ""): rebuilt from the log"]
        }
        if !dryRun {
            let shadow = try ledger.shadowStore(after: active)
            let checkpoint = ProjectionCheckpoint(version: P.version, size: size, root: try ledger.head().root)
            try shadow.fill(rebuilt, checkpoint: checkpoint)
            try ledger.activate(shadow, replacing: active)
        }
        let elapsed = ContinuousClock.now - clock
        return ReplayReport(
            name: P.name, storedVersion: stored?.version, version: P.version, events: size,
            seconds: Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18,
            changedPartitions: changed.count, details: details, applied: !dryRun)
    }

    /// Keys whose bytes differ, including keys present on one side only, in key order.
    static func changedKeys(_ old: [(key: [UInt8], value: [UInt8])], _ new: [(key: [UInt8], value: [UInt8])]) -> [[UInt8]] {
        var changed: [[UInt8]] = []
        var left = old.makeIterator(), right = new.makeIterator()
        var a = left.next(), b = right.next()
        while a != nil || b != nil {
            if let x = a, let y = b, x.key == y.key {
                if x.value != y.value { changed.append(x.key) }
                a = left.next(); b = right.next()
            } else if let x = a, b == nil || x.key.lexicographicallyPrecedes(b!.key) {
                changed.append(x.key); a = left.next()
            } else {
                changed.append(b!.key); b = right.next()
            }
        }
        return changed.filter { $0.first != 0xFF }
    }
}
