import CSodium

/// Key material in guarded, locked memory that is zeroed when the last reference goes.
///
/// It never prints its contents: `description` says only how long it is.
public final class SecretBytes: @unchecked Sendable, CustomStringConvertible {
    // Immutable after init, so sharing across threads is safe.
    private let pointer: UnsafeMutableRawPointer
    public let count: Int

    public init<E: Error>(count: Int, fill: (UnsafeMutableRawBufferPointer) throws(E) -> Void) throws(E) {
        precondition(Sodium.ready, "libsodium failed to initialise")
        guard let memory = sodium_malloc(count) else { fatalError("sodium_malloc(\(count)) failed: out of memory") }
        pointer = memory
        self.count = count
        // Every property is set, so if `fill` throws, deinit still zeroes and frees the memory.
        try fill(UnsafeMutableRawBufferPointer(start: pointer, count: count))
    }

    /// Copies `bytes` in and wipes the caller's copy.
    public convenience init(consuming bytes: inout [UInt8]) {
        let source = bytes
        self.init(count: source.count) { buffer in buffer.copyBytes(from: source) }
        wipe(&bytes)
    }

    public static func random(_ count: Int) -> SecretBytes {
        // Cannot fail: SecretBytes hands `fill` its own memory, which sodium_malloc returned non-nil.
        SecretBytes(count: count) { randombytes_buf($0.baseAddress!, $0.count) }
    }

    deinit {
        sodium_memzero(pointer, count)
        sodium_free(pointer)
    }

    public func withBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try body(UnsafeRawBufferPointer(start: pointer, count: count))
    }

    /// Pointer for C calls that take `const unsigned char *`.
    func withUnsignedPointer<R>(_ body: (UnsafePointer<UInt8>) throws -> R) rethrows -> R {
        try body(pointer.assumingMemoryBound(to: UInt8.self))
    }

    public var description: String { "SecretBytes(\(count) bytes)" }
}
