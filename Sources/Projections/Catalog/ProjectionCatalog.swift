import LedgerStore

/// The projections this build computes, by name, for the CLI and the replay tool.
public enum ProjectionCatalog {
    public static let names = [DailyMetricsView.name, CalorieCreditView.name, VitalsView.name, FaceModelsView.name, QueryIndexView.name]

    /// Replays one projection by name.
    public static func replay(_ name: String, ledger: Ledger, dryRun: Bool) throws -> ReplayReport {
        switch name {
        case DailyMetricsView.name: try ProjectionEngine.replay(DailyMetricsView.self, ledger: ledger, dryRun: dryRun)
        case CalorieCreditView.name: try ProjectionEngine.replay(CalorieCreditView.self, ledger: ledger, dryRun: dryRun)
        case VitalsView.name: try ProjectionEngine.replay(VitalsView.self, ledger: ledger, dryRun: dryRun)
        case FaceModelsView.name: try ProjectionEngine.replay(FaceModelsView.self, ledger: ledger, dryRun: dryRun)
        case QueryIndexView.name: try ProjectionEngine.replay(QueryIndexView.self, ledger: ledger, dryRun: dryRun)
        default: throw UnknownProjection(name: name)
        }
    }

    /// Brings every projection up to date (after appends).
    public static func catchUpAll(ledger: Ledger) throws {
        _ = try ProjectionEngine.current(DailyMetricsView.self, ledger: ledger)
        _ = try ProjectionEngine.current(CalorieCreditView.self, ledger: ledger)
        _ = try ProjectionEngine.current(VitalsView.self, ledger: ledger)
        _ = try ProjectionEngine.current(FaceModelsView.self, ledger: ledger)
        _ = try ProjectionEngine.current(QueryIndexView.self, ledger: ledger)
    }

    /// Every view, caught up now and then folded from a bulk append's events as they are
    /// prepared (pass `apply` as the appender's `onPrepared`, `confirm` to its `onCommit`,
    /// and call `finish` after it). At `residentLimit` bytes folded, what the views hold is
    /// saved and let go of.
    ///
    /// 8 MB rather than 16: a 200k-record import's views never reached 16 MB and a 2M one's
    /// did, which made most of the gap between their peaks (112–114 against 138–142 MB). At
    /// 8 MB both reach it: 114–115 and 116–127 MB, a 6M-record import 134, at the same speed
    /// within the noise. At 4 MB the 200k import's peak fell further (94–105) and the 2M one's
    /// did not (119–124).
    public static func liveViews(ledger: Ledger, residentLimit: Int = 8 << 20) throws -> LiveViews {
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
