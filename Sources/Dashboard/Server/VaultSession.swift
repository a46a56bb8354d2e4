import Foundation
import LedgerCore
import LedgerStore
import Projections

/// The open vault, shared by every request one at a time: a ledger and its LMDB
/// transactions belong to one thread at a time, and the lock makes each read whole.
/// `close()` drops the ledger, and with it the only copy of the key (its bytes are zeroed
/// when freed).
public final class VaultSession: @unchecked Sendable {
    private let lock = NSLock()
    private var ledger: Ledger?

    public init(_ ledger: Ledger) {
        self.ledger = ledger
    }

    /// Runs `body` with the ledger; throws once the session is closed.
    public func with<T>(_ body: (Ledger) throws -> T) throws -> T {
        lock.lock()
        defer { lock.unlock() }
        guard let ledger else { throw EntryRejected("the dashboard has stopped and let go of the vault key") }
        return try body(ledger)
    }

    /// Forgets the ledger (and the key it holds).
    public func close() {
        lock.lock()
        ledger = nil
        lock.unlock()
    }

    /// How many events the log holds: what live pages watch for change.
    public func size() -> UInt64? {
        try? with { try $0.count() }
    }
}

/// A point in the log's history that a page is drawn as of: now, or the first N events.
struct ViewPoint: Equatable {
    /// nil: the current view.
    let size: UInt64?

    /// `as-of` from a query string: a sequence count (`1200`) or a date (`2026-03-01`, its
    /// end), read the way `--as-of-seq` / `--as-of` read them.
    static func parse(_ text: String?, ledger: Ledger, offset: Int32) throws -> ViewPoint {
        guard let text = text?.trimmingCharacters(in: .whitespaces), !text.isEmpty else { return ViewPoint(size: nil) }
        if let size = UInt64(text) { return ViewPoint(size: size) }
        if let day = LocalDay(iso: text) {
            let endOfDay = Timestamp(micros: (day.number + 1) * 86_400_000_000 - Int64(offset) * 1_000_000 - 1)
            return ViewPoint(size: try ledger.size(recordedAtOrBefore: endOfDay))
        }
        do {
            let time = try TimeExpression.parse(text, now: .now(), utcOffset: offset)
            return ViewPoint(size: try ledger.size(recordedAtOrBefore: time))
        } catch {
            throw EntryRejected("as of \(text): give a date (2026-03-01), a time (\"yesterday 22:00\") or a number of events")
        }
    }

    func state<P: ProjectionKind>(_ kind: P.Type, ledger: Ledger) throws -> P.State {
        if let size { return try ProjectionEngine.asOf(kind, ledger: ledger, size: size) }
        return try ProjectionEngine.current(kind, ledger: ledger)
    }

    /// The daily metrics with mood and fatigue on the vault's rating scale, as `daily` shows them.
    func dailyMetrics(ledger: Ledger) throws -> DailyMetricsViewState {
        let daily = try state(DailyMetricsView.self, ledger: ledger)
        daily.ratingScale = try state(QueryIndexView.self, ledger: ledger).ratingScale()
        return daily
    }
}
