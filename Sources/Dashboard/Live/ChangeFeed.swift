import Synchronization

/// The log's size as the server last saw it, told to every open page's stream: one watcher
/// (`ChangeWatch`) looks at the log for the whole server, and an entry made on the dashboard
/// tells the feed at once, however many pages are open.
///
/// Each stream keeps only the newest size its page has not read yet, so a browser that reads
/// slowly holds one number and holds no other page back.
final class ChangeFeed: Sendable {
    /// One open stream: the sizes it has still to read, and when it ends (the browser then reconnects).
    struct Subscription: Sendable {
        let id: Int
        /// The size when the stream opened (0 once the vault is closed), the page's starting point.
        let size: UInt64
        /// Each new size after `size`; ends when the stream's time is up or the server stops.
        let sizes: AsyncStream<UInt64>
    }

    private struct Subscriber {
        let continuation: AsyncStream<UInt64>.Continuation
        let ends: ContinuousClock.Instant
    }

    private struct State {
        /// nil until the log is first looked at, and once the vault is closed.
        var size: UInt64?
        var subscribers: [Int: Subscriber] = [:]
        var nextID = 0
        var stopped = false
    }

    private let state = Mutex(State())

    /// Opens a stream that ends at `ends` (at the first look at the log from then on).
    func subscribe(until ends: ContinuousClock.Instant) -> Subscription {
        let (sizes, continuation) = AsyncStream.makeStream(of: UInt64.self, bufferingPolicy: .bufferingNewest(1))
        return state.withLock { state in
            let id = state.nextID
            state.nextID += 1
            if state.stopped {
                continuation.finish()
            } else {
                state.subscribers[id] = Subscriber(continuation: continuation, ends: ends)
            }
            return Subscription(id: id, size: state.size ?? 0, sizes: sizes)
        }
    }

    /// Forgets a stream whose page has gone (or whose time is up).
    func unsubscribe(_ id: Int) {
        state.withLock { $0.subscribers.removeValue(forKey: id) }?.continuation.finish()
    }

    /// Reads the log's size with `readSize` and tells every open stream when it changed; ends
    /// the streams whose time is up. The read is made under the feed's lock, so that two
    /// lookers (the watcher, an entry) cannot tell the streams their sizes out of order.
    func check(now: ContinuousClock.Instant = .now, _ readSize: () -> UInt64?) {
        state.withLock { state in
            let size = readSize()
            let changed = size != state.size
            state.size = size
            for (id, subscriber) in state.subscribers {
                if subscriber.ends <= now {
                    subscriber.continuation.finish()
                    state.subscribers[id] = nil
                } else if changed {
                    subscriber.continuation.yield(size ?? 0)
                }
            }
        }
    }

    /// Ends every stream, and each one opened from now on at once: open streams would
    /// otherwise hold the server's graceful shutdown open.
    func stop() {
        state.withLock { state in
            state.stopped = true
            for subscriber in state.subscribers.values { subscriber.continuation.finish() }
            state.subscribers.removeAll()
        }
    }

    /// How many streams are open.
    var subscriberCount: Int { state.withLock { $0.subscribers.count } }
}
