public import LedgerCore
public import LedgerStore
public import Projections

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
    /// `kind` where only `part` of it need be right: as of an earlier time, that may be all
    /// that is folded.
    func state<P: ProjectionKind>(_ kind: P.Type, ledger: Ledger, part: ViewPart) throws -> P.State
}

extension ViewReading {
    public func state<P: ProjectionKind>(_ kind: P.Type, ledger: Ledger, part: ViewPart) throws -> P.State {
        try state(kind, ledger: ledger)
    }
}

extension VaultApplication {
    /// `kind` as of `point`. `autoReplay` rebuilds a view stored by another algorithm version
    /// first; `progress` hears (events folded, events to fold) of a long catch-up.
    public func view<P: ProjectionKind>(
        _ kind: P.Type, at point: AsOf = .now, autoReplay: Bool = false, progress: ((UInt64, UInt64) -> Void)? = nil
    ) throws -> P.State {
        try Self.view(kind, ledger: ledger, at: point, autoReplay: autoReplay, progress: progress)
    }

    /// As of an earlier point, only `part` of the view need be right (see `ProjectionEngine.asOf`).
    public static func view<P: ProjectionKind>(
        _ kind: P.Type, ledger: Ledger, at point: AsOf = .now, part: ViewPart = .whole, autoReplay: Bool = false,
        progress: ((UInt64, UInt64) -> Void)? = nil
    ) throws -> P.State {
        switch point {
        case .now: try ProjectionEngine.current(kind, ledger: ledger, autoReplay: autoReplay, progress: progress)
        case .sequence(let size): try ProjectionEngine.asOf(kind, ledger: ledger, size: size, part: part)
        case .recorded(let time): try ProjectionEngine.asOf(kind, ledger: ledger, size: ledger.size(recordedAtOrBefore: time), part: part)
        }
    }

    /// The daily metrics with mood and fatigue on the vault's rating scale, read from the
    /// query index's settings as of the same point: what `daily`, the exports and the
    /// dashboard show. Given `days`, only those need be right.
    public static func dailyMetrics(ledger: Ledger, reading reader: some ViewReading, days: ClosedRange<LocalDay>? = nil) throws -> DailyMetricsViewState {
        let daily = try reader.state(DailyMetricsView.self, ledger: ledger, part: days.map(ViewPart.days) ?? .whole)
        daily.ratingScale = try reader.state(QueryIndexView.self, ledger: ledger, part: .settings).ratingScale()
        return daily
    }
}
