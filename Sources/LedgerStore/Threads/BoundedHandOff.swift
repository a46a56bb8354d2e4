import Foundation

/// Items passed from one thread to another in order, at most `capacity` waiting, so the
/// producer cannot run ahead and fill memory. After `fail`, items are dropped and `next`
/// returns nil at once, so neither side waits for the other any longer.
public final class BoundedHandOff<Item>: @unchecked Sendable {
    // Unchecked: the fields are reached only with `condition` held; waiting on a condition is what `Mutex` lacks.
    private let condition = NSCondition()
    private var pending: [Item] = []
    private var closed = false
    private var failed = false
    private let capacity: Int

    public init(capacity: Int) { self.capacity = capacity }

    /// Waits while `capacity` items wait.
    public func push(_ item: Item) {
        condition.withLock {
            while pending.count >= capacity, !failed { condition.wait() }
            if !failed { pending.append(item) }
            condition.broadcast()
        }
    }

    /// The oldest item; nil once closed and drained, or failed.
    public func next() -> Item? {
        condition.withLock {
            while pending.isEmpty, !closed, !failed { condition.wait() }
            guard !failed, !pending.isEmpty else { return nil }
            condition.broadcast()
            return pending.removeFirst()
        }
    }

    /// No more items will come; `next` returns the rest, then nil.
    public func close() {
        condition.withLock {
            closed = true
            condition.broadcast()
        }
    }

    public func fail() {
        condition.withLock {
            failed = true
            pending.removeAll()
            condition.broadcast()
        }
    }
}
