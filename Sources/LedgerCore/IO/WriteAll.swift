import Glibc

/// The one loop that writes a whole buffer to a file descriptor: `write(2)` may write less
/// than asked (a pipe, a full disk, a signal) or be interrupted before writing anything.
public enum WriteAll {
    /// Writes all of `bytes` to `descriptor`, again after a short write or `EINTR`.
    public static func write(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) throws(SystemCallFailure) {
        try write(bytes) { Glibc.write(descriptor, $0.baseAddress, $0.count) }
    }

    /// Writes all of `bytes` to `descriptor`, again after a short write or `EINTR`.
    public static func write(_ bytes: [UInt8], to descriptor: Int32) throws(SystemCallFailure) {
        try write(bytes) { Glibc.write(descriptor, $0.baseAddress, $0.count) }
    }

    /// `write(_:through:)` over an array's bytes.
    static func write(_ bytes: [UInt8], through writeSome: (UnsafeRawBufferPointer) -> Int) throws(SystemCallFailure) {
        // `withUnsafeBytes` rethrows untyped: the typed failure crosses it in a `Result`.
        try bytes.withUnsafeBytes { buffer in Result { () throws(SystemCallFailure) in try write(buffer, through: writeSome) } }.get()
    }

    /// Hands the rest of `bytes` to `writeSome` (a `write(2)`: bytes written, or -1 with
    /// `errno` set) until it has taken them all. A call that writes nothing and reports no
    /// error would loop for ever, so it counts as a full disk.
    static func write(_ bytes: UnsafeRawBufferPointer, through writeSome: (UnsafeRawBufferPointer) -> Int) throws(SystemCallFailure) {
        var written = 0
        while written < bytes.count {
            let count = writeSome(UnsafeRawBufferPointer(rebasing: bytes[written...]))
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { throw SystemCallFailure(code: count < 0 ? errno : ENOSPC) }
            written += count
        }
    }
}
