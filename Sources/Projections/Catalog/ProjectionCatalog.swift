import LedgerStore

/// The projections this build computes, by name, for the CLI and the replay tool.
public enum ProjectionCatalog {
    public static let names = [DailyMetricsView.name, CalorieCreditView.name, VitalsView.name, FaceModelsView.name, QueryIndexView.name]

    /// Replays the projections named (all when empty) in one pass over the log (each once);
    /// an unknown name is refused before any work. `progress` hears (events folded, events to
    /// fold); past `residentLimit` bytes folded, the folds are saved into their shadows.
    public static func replay(
        _ names: [String], ledger: Ledger, dryRun: Bool, residentLimit: Int = ProjectionEngine.replayResidentLimit,
        progress: ((UInt64, UInt64) -> Void)? = nil
    ) throws -> [ReplayReport] {
        var seen: Set<String> = []
        let makers = try (names.isEmpty ? Self.names : names).filter { seen.insert($0).inserted }.map { name -> () throws -> any ViewRebuild in
            switch name {
            case DailyMetricsView.name: { try ShadowRebuild(DailyMetricsView.self, ledger: ledger) }
            case CalorieCreditView.name: { try ShadowRebuild(CalorieCreditView.self, ledger: ledger) }
            case VitalsView.name: { try ShadowRebuild(VitalsView.self, ledger: ledger) }
            case FaceModelsView.name: { try ShadowRebuild(FaceModelsView.self, ledger: ledger) }
            case QueryIndexView.name: { try ShadowRebuild(QueryIndexView.self, ledger: ledger) }
            default: throw UnknownProjection(name: name)
            }
        }
        let rebuilds = try makers.map { try $0() }
        return try ProjectionEngine.replay(rebuilds, ledger: ledger, dryRun: dryRun, residentLimit: residentLimit, progress: progress)
    }

    /// Brings every projection up to date (after appends): the views a few events behind are
    /// folded in memory and saved together in one durable transaction; a view that needs
    /// more, or that another writer saved meanwhile, goes through `ProjectionEngine.current`.
    public static func catchUpAll(ledger: Ledger) throws {
        let views = [
            CatchUpStep(DailyMetricsView.self, ledger), CatchUpStep(CalorieCreditView.self, ledger), CatchUpStep(VitalsView.self, ledger),
            CatchUpStep(FaceModelsView.self, ledger), CatchUpStep(QueryIndexView.self, ledger),
        ]
        let pending = try views.map { try $0.pending() }
        var written = try ledger.save(pending.compactMap { if case .save(let save) = $0 { save } else { nil } }).makeIterator()
        for (view, found) in zip(views, pending) {
            switch found {
            case .upToDate: continue
            case .save: if written.next() == true { continue }
            case .needsFullPath: break
            }
            try view.current()
        }
    }

    /// Every view, caught up now and then folded from a bulk append's events as they are
    /// prepared (pass `apply` as the appender's `onPrepared`, `confirm` to its `onCommit`,
    /// and call `finish` after it). At `residentLimit` bytes folded, what the views hold is
    /// saved and let go of.
    ///
    /// 5 MB keeps a long import's peak near a short one's at the same speed (figures in
    /// docs/performance.md, `residentLimit`).
    public static func liveViews(ledger: Ledger, residentLimit: Int = 5 << 20) throws -> LiveViews {
        let views: [any LiveView] = [
            try LiveProjection<DailyMetricsView>(ledger: ledger), try LiveProjection<CalorieCreditView>(ledger: ledger),
            try LiveProjection<VitalsView>(ledger: ledger),
            try LiveProjection<FaceModelsView>(ledger: ledger),
            try LiveProjection<QueryIndexView>(ledger: ledger),
        ]
        return LiveViews(views, size: try ledger.head().size, residentLimit: residentLimit)
    }
}

public struct UnknownProjection: Error, CustomStringConvertible {
    public let name: String
    public var description: String { "'\(name)' is not a projection; there are: \(ProjectionCatalog.names.joined(separator: ", "))" }
}

/// One view's two ways of catching up, for `ProjectionCatalog.catchUpAll`.
private struct CatchUpStep {
    let pending: () throws -> PendingCatchUp
    let current: () throws -> Void

    init<P: ProjectionKind>(_ kind: P.Type, _ ledger: Ledger) {
        pending = { try ProjectionEngine.pendingCatchUp(kind, ledger: ledger) }
        current = { _ = try ProjectionEngine.current(kind, ledger: ledger) }
    }
}
