import LedgerCore
import LedgerStore
import Projections

/// A point in the log's history a view is read as of.
public enum AsOf: Sendable {
    /// The view brought up to date with the log.
    case now
    /// As it was when the log held its first N events.
    case sequence(UInt64)
    /// As it was known at this recorded-at time.
    case recorded(Timestamp)
}

/// Reads views as of one point; what the daily metrics with the rating scale are joined from.
public protocol ViewReading {
    func state<P: ProjectionKind>(_ kind: P.Type, ledger: Ledger) throws -> P.State
}

extension VaultApplication {
    /// `kind` as of `point`. `autoReplay` rebuilds a view stored by another algorithm version
    /// first; `progress` hears (events folded, events to fold) of a long catch-up.
    public func view<P: ProjectionKind>(
        _ kind: P.Type, at point: AsOf = .now, autoReplay: Bool = false, progress: ((UInt64, UInt64) -> Void)? = nil
    ) throws -> P.State {
        try Self.view(kind, ledger: ledger, at: point, autoReplay: autoReplay, progress: progress)
    }

    public static func view<P: ProjectionKind>(
        _ kind: P.Type, ledger: Ledger, at point: AsOf = .now, autoReplay: Bool = false, progress: ((UInt64, UInt64) -> Void)? = nil
    ) throws -> P.State {
        switch point {
        case .now: try ProjectionEngine.current(kind, ledger: ledger, autoReplay: autoReplay, progress: progress)
        case .sequence(let size): try ProjectionEngine.asOf(kind, ledger: ledger, size: size)
        case .recorded(let time): try ProjectionEngine.asOf(kind, ledger: ledger, size: ledger.size(recordedAtOrBefore: time))
        }
    }

    /// The daily metrics with mood and fatigue on the vault's rating scale, read from the
    /// query index's settings as of the same point: what `daily`, the exports and the
    /// dashboard show.
    public static func dailyMetrics(ledger: Ledger, reading reader: some ViewReading) throws -> DailyMetricsViewState {
        let daily = try reader.state(DailyMetricsView.self, ledger: ledger)
        daily.ratingScale = try reader.state(QueryIndexView.self, ledger: ledger).ratingScale()
        return daily
    }
}
