import Glibc

/// A system call on a file failed; `code` is the `errno` it left. Each caller turns it into
/// its own error, which names the file and what to do.
public struct SystemCallFailure: Error, Equatable, Sendable {
    public let code: Int32

    public init(code: Int32) { self.code = code }

    /// The failure `errno` holds now.
    public static var current: SystemCallFailure { SystemCallFailure(code: errno) }

    /// The C library's words for the code ("No space left on device").
    public var reason: String { String(cString: strerror(code)) }

    /// The disk or the user's quota is full: callers give those their own exit status.
    public var isDiskFull: Bool { code == ENOSPC || code == EDQUOT }
}
