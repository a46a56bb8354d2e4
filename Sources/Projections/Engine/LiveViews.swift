import Foundation
public import LedgerCore
public import LedgerStore

/// Every view, folded as a bulk append's events are prepared, and saved only where the
/// commits stored exactly those events at exactly those sequence numbers. A wrong guess
/// (a duplicate, another writer between, a failed commit) stops the folding, and the usual
/// catch-up reads the rest from the log: it costs time, never correctness.
///
/// When the folds hold more than `residentLimit` bytes, what they hold is drained and let go
/// of, so memory stays flat however large the import. A saver thread writes it once the
/// commits have caught up; the folding goes on meanwhile instead of waiting for them.
public final class LiveViews: @unchecked Sendable {
    // Unchecked: `confirmed` and `refuted` are reached with `condition` held; `hurry`, `appenderFailed`
    // and `threads` are set on the caller's thread before the threads start; the views are folded and
    // drained on the fold thread and written on the save thread (see `LiveView`).
    private let views: [any LiveView]
    private let condition = NSCondition()
    /// The log size the commits have confirmed so far.
    private var confirmed: UInt64
    private var refuted = false
    private let residentLimit: Int
    /// Asks the appender to commit what it holds now, so a save need not wait long.
    private var hurry: @Sendable () -> Void = {}
    /// Whether the appender stopped on an error, so a save does not wait for commits that never come.
    private var appenderFailed: @Sendable () -> Bool = { false }
    /// One batch waits while another is folded: enough to keep both threads busy.
    private let incoming = BoundedHandOff<(events: [Event], first: UInt64)>(capacity: 1)
    /// One drain waits to be written: a second waits for it, so unwritten saves stay few.
    private let drained = BoundedHandOff<[(view: any LiveView, changes: DrainedChanges)]>(capacity: 1)
    private var threads: [(thread: Thread, ended: DispatchSemaphore)] = []

    init(_ views: [any LiveView], size: UInt64, residentLimit: Int) {
        self.views = views
        confirmed = size
        self.residentLimit = residentLimit
    }

    /// Pass the appender's `commitPromptly` and `hasFailed`.
    public func follow(hurry: @escaping @Sendable () -> Void, failed: @escaping @Sendable () -> Bool) {
        self.hurry = hurry
        appenderFailed = failed
    }

    /// Pass as the appender's `onPrepared`: `events` are to be stored at `first`, `first + 1`, …
    /// They are folded on the views' own thread: folding costs about as much as preparing,
    /// so the two run side by side.
    public func apply(_ events: [Event], first: UInt64) {
        if threads.isEmpty {
            start("views-fold") { [self] in
                while let (events, first) = incoming.next() { fold(events, first: first) }
            }
            start("views-save") { [self] in
                while let drain = drained.next() { write(drain) }
            }
        }
        incoming.push((events, first))
    }

    private func start(_ name: String, _ work: @escaping @Sendable () -> Void) {
        let ended = DispatchSemaphore(value: 0)
        let thread = Thread {
            nameCurrentThread(name)
            work()
            ended.signal()
        }
        threads.append((thread, ended))
        thread.start()
    }

    private func fold(_ events: [Event], first: UInt64) {
        // One event at a time, so that one batch touching every day (activity summaries come
        // one per day, together) cannot load the whole history into memory before a save.
        // Read out of the batch once for all the views: passed on from a pointer or an array
        // element, the event was copied (ten retains and releases) for each view it went to.
        for index in events.indices {
            condition.lock()
            if !refuted {
                let event = events[index]
                for view in views { view.apply(event, sequence: first + UInt64(index)) }
            }
            // Looked at every 64 events: summing five views' sizes per event cost more
            // than folding some, and 64 events can load no more than 64 partitions.
            let look = index % 64 == 63 || index == events.count - 1
            let full = look && !refuted && views.reduce(0) { $0 + $1.residentSize } > residentLimit
            condition.unlock()
            if full {
                hurry()
                drained.push(views.compactMap { view in view.drain().map { (view, $0) } })
            }
        }
    }

    /// Writes drained changes once the commits have stored every event they folded.
    private func write(_ drain: [(view: any LiveView, changes: DrainedChanges)]) {
        let size = drain.map(\.changes.size).max() ?? 0
        let confirmedNow: Bool = condition.withLock {
            while confirmed < size, !refuted {
                if appenderFailed() { refuted = true } else { _ = condition.wait(until: Date().addingTimeInterval(0.1)) }
            }
            return !refuted
        }
        guard confirmedNow else { return }
        do {
            for (view, changes) in drain { try view.write(changes) }
        } catch {
            condition.withLock { refuted = true }
        }
    }

    /// Pass each commit's outcome, from the appender's `onCommit`.
    public func confirm(_ outcome: AppendOutcome) {
        condition.withLock {
            let expected = Array(confirmed..<(confirmed + UInt64(outcome.appended.count)))
            if outcome.duplicates > 0 || outcome.appended != expected { refuted = true }
            confirmed += UInt64(outcome.appended.count)
            condition.broadcast()
        }
    }

    /// Saves what was folded once the commits confirm it all; call after the appender finished.
    public func finish() throws {
        incoming.close()
        threads.first?.ended.wait()
        drained.close()
        threads.last?.ended.wait()
        threads.removeAll()
        try condition.withLock {
            for view in views where !refuted && view.folded <= confirmed {
                if let changes = view.drain() { try view.write(changes) }
            }
        }
    }
}
