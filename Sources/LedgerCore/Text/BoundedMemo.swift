import Synchronization

/// Results of a costly function of text kept by its input, shared by every thread: folding
/// text outside ASCII takes microseconds, and an import meets the same few names and device
/// strings millions of times. Bounded, so hostile input cannot grow it: when full it starts
/// again, which only costs folding again.
public final class BoundedMemo<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private let limit: Int
    private let known = Mutex<[Key: Value]>([:])

    public init(limit: Int) { self.limit = limit }

    /// The value kept for `key`, or `make(key)` kept from now on.
    public func value(_ key: Key, _ make: (Key) -> Value) -> Value {
        if let value = known.withLock({ $0[key] }) { return value }
        let value = make(key)
        known.withLock { values in
            if values.count >= limit { values.removeAll(keepingCapacity: true) }
            values[key] = value
        }
        return value
    }
}
