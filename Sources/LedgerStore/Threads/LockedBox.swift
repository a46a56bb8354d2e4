import Synchronization

/// A `Mutex` that closures can capture: a value one thread sets and another reads, such as
/// a worker's result or the error that ended a task. A stored property is a `Mutex` itself;
/// this is for the values that must outlive the scope that made them.
public final class LockedBox<Value>: Sendable {
    private let mutex: Mutex<Value>

    public init(_ value: sending Value) { mutex = Mutex(value) }

    public func withLock<Result, Failure: Error>(
        _ body: (inout sending Value) throws(Failure) -> sending Result
    ) throws(Failure) -> sending Result {
        try mutex.withLock(body)
    }
}
