import Foundation
import LedgerApplication
import LedgerCore
public import LedgerStore
import Projections
import Synchronization

/// The open vault, shared by every request one at a time: a ledger and its LMDB
/// transactions belong to one thread at a time, and the lock makes each read whole.
/// `close()` drops the ledger and the views opened from it, and with them the only copy of
/// the key (its bytes are zeroed when freed).
public final class VaultSession: Sendable {
    /// One request's reads and writes at a time.
    private let work = Mutex(())
    /// The ledger itself (nil once closed), held only to read or clear it.
    private let ledger: Mutex<Ledger?>
    /// Views read from the ledger, kept between requests; used under `work`.
    let views = ViewStateCache()
    /// How many times `size()` has read the log: what tests count to hold the live updates
    /// to one read per check, however many pages are open.
    private let sizeReadCount = Atomic(0)

    public init(_ ledger: sending Ledger) {
        self.ledger = Mutex(ledger)
    }

    /// Runs `body` with the ledger; throws once the session is closed.
    public func with<T>(_ body: (Ledger) throws -> T) throws -> T {
        try work.withLock { _ in
            guard let ledger = self.ledger.withLock({ $0 }) else { throw EntryRejected("the dashboard has stopped and let go of the vault key") }
            return try body(ledger)
        }
    }

    /// Forgets the ledger (and the key it holds), once the request in progress is done.
    public func close() {
        work.withLock { _ in
            ledger.withLock { $0 = nil }
            views.clear()
        }
    }

    /// How many events the log holds: what live pages watch for change, and what tells
    /// whether a cached page is still the page. Read beside a request in progress, not
    /// after it: counting opens its own LMDB read transaction (the environment is opened
    /// with NOTLS, so it belongs to no thread) and reads only the stored head, touching no
    /// state of the ledger that a request changes.
    public func size() -> UInt64? {
        sizeReadCount.add(1, ordering: .relaxed)
        guard let ledger = ledger.withLock({ $0 }) else { return nil }
        return try? ledger.count()
    }

    /// How many times `size()` has been called since the session opened.
    var sizeReads: Int { sizeReadCount.load(ordering: .relaxed) }
}

/// A point in the log's history that a page is drawn as of: now, or the first N events.
struct ViewPoint: ViewReading {
    /// nil: the current view.
    let size: UInt64?
    /// Where the current views are kept between requests; nil opens each afresh.
    var views: ViewStateCache? = nil

    /// `as-of` from a query string: a sequence count (`1200`) or a date (`2026-03-01`, its
    /// end), read the way `--as-of-seq` / `--as-of` read them.
    static func parse(_ text: String?, ledger: Ledger, offset: Int32, views: ViewStateCache? = nil) throws -> ViewPoint {
        guard let text = text?.trimmingCharacters(in: .whitespaces), !text.isEmpty else { return ViewPoint(size: nil, views: views) }
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
        try state(kind, ledger: ledger, part: .whole)
    }

    /// As of an earlier point, only `part` is folded where the view allows it: a page asks for
    /// the days it draws, so that it need not fold the log from its start.
    func state<P: ProjectionKind>(_ kind: P.Type, ledger: Ledger, part: ViewPart) throws -> P.State {
        if let size { return try ProjectionEngine.asOf(kind, ledger: ledger, size: size, part: part) }
        if let views { return try views.current(kind, ledger: ledger) }
        return try ProjectionEngine.current(kind, ledger: ledger)
    }

    /// The daily metrics with mood and fatigue on the vault's rating scale, as `daily` shows
    /// them; given `days`, only those need be right.
    func dailyMetrics(ledger: Ledger, days: ClosedRange<LocalDay>? = nil) throws -> DailyMetricsViewState {
        try VaultApplication.dailyMetrics(ledger: ledger, reading: self, days: days)
    }

    /// The calorie budget's inputs, right on the days a budget on `day` reads.
    func calorieCredit(ledger: Ledger, budgetOn day: LocalDay) throws -> CalorieCreditState {
        try state(CalorieCreditView.self, ledger: ledger, part: .days(CalorieBudget.daysRead(on: day))).fold
    }
}
