import Glibc

/// A system call on a file failed; `code` is the `errno` it left. Each caller turns it into
/// its own error, which names the file and what to do.
public struct SystemCallFailure: Error, Equatable, Sendable {
    public let code: Int32

    public init(code: Int32) { self.code = code }

    /// The corresponding C error is `EEXIST`: something is already at the path.
    public static let fileExists = SystemCallFailure(code: EEXIST)
    /// The corresponding C error is `ENOENT`: nothing is at the path.
    public static let noSuchFile = SystemCallFailure(code: ENOENT)
    /// The corresponding C error is `ENOSPC`: the disk is full.
    public static let noSpace = SystemCallFailure(code: ENOSPC)
    /// The corresponding C error is `EIO`: the device failed a read or a write.
    public static let inputOutput = SystemCallFailure(code: EIO)

    /// The failure `errno` holds now.
    public static var current: SystemCallFailure { SystemCallFailure(code: errno) }

    /// The C library's words for the code ("No space left on device").
    public var reason: String { String(cString: strerror(code)) }

    /// The disk or the user's quota is full: callers give those their own exit status.
    public var isDiskFull: Bool { code == ENOSPC || code == EDQUOT }
}
