public import LedgerStore

/// The projections this build computes, by name, for the CLI and the replay tool.
public enum ProjectionCatalog {
    /// Every view this build computes, in the order they are listed, caught up, folded live and
    /// replayed (replay output and catch-up follow it): a new view is one more line here.
    static var kinds: [any ProjectionKind.Type] {
        [DailyMetricsView.self, CalorieCreditView.self, VitalsView.self, FaceModelsView.self, QueryIndexView.self]
    }

    public static let names = kinds.map { $0.name }

    /// Replays the projections named (all when empty) in one pass over the log (each once);
    /// an unknown name is refused before any work. `progress` hears (events folded, events to
    /// fold); past `residentLimit` bytes folded, the folds are saved into their shadows.
    public static func replay(
        _ names: [String], ledger: Ledger, dryRun: Bool, residentLimit: Int = ProjectionEngine.replayResidentLimit,
        indexes: StoreIndexRebuild? = nil, progress: ((UInt64, UInt64) -> Void)? = nil
    ) throws -> [ReplayReport] {
        var seen: Set<String> = []
        let chosen = try (names.isEmpty ? Self.names : names).filter { seen.insert($0).inserted }.map { name in
            guard let kind = kinds.first(where: { $0.name == name }) else { throw UnknownProjection(name: name) }
            return kind
        }
        let rebuilds = try chosen.map { try $0.shadowRebuild(ledger: ledger) }
        return try ProjectionEngine.replay(rebuilds, ledger: ledger, dryRun: dryRun, residentLimit: residentLimit, indexes: indexes, progress: progress)
    }

    /// Brings every projection up to date (after appends): the views a few events behind are
    /// folded in memory and saved together in one durable transaction; a view that needs
    /// more, or that another writer saved meanwhile, goes through `ProjectionEngine.current`.
    public static func catchUpAll(ledger: Ledger) throws {
        let views = kinds.map { $0.catchUpStep(ledger: ledger) }
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
        let views = try kinds.map { try $0.liveView(ledger: ledger) }
        return LiveViews(views, size: try ledger.head().size, residentLimit: residentLimit)
    }
}

public struct UnknownProjection: Error, CustomStringConvertible {
    public let name: String
    public var description: String { "'\(name)' is not a projection; there are: \(ProjectionCatalog.names.joined(separator: ", "))" }
}
