/// A value handed to another thread that the compiler cannot check: a ledger, a preparer or
/// memory that the two threads use in turn, or in disjoint parts. Each use says why that is
/// safe. One type for every such hand-over (as Hummingbird's `UnsafeTransfer`), rather than
/// a wrapper of its own per case.
public struct UnsafeTransfer<Value>: @unchecked Sendable {
    public let value: Value

    public init(_ value: Value) { self.value = value }
}
