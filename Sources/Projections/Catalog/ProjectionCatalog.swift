import LedgerStore

/// The projections this build computes, by name, for the CLI and the replay tool.
public enum ProjectionCatalog {
    public static let names = [DailyMetricsView.name]

    /// Replays one projection by name.
    public static func replay(_ name: String, ledger: Ledger, dryRun: Bool) throws -> ReplayReport {
        switch name {
        case DailyMetricsView.name: try ProjectionEngine.replay(DailyMetricsView.self, ledger: ledger, dryRun: dryRun)
        default: throw UnknownProjection(name: name)
        }
    }

    /// Brings every projection up to date (after appends).
    public static func catchUpAll(ledger: Ledger) throws {
        _ = try ProjectionEngine.current(DailyMetricsView.self, ledger: ledger)
    }
}

public struct UnknownProjection: Error, CustomStringConvertible {
    public let name: String
    public var description: String { "'\(name)' is not a projection; there are: \(ProjectionCatalog.names.joined(separator: ", "))" }
}
