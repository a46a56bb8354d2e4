import Glibc

/// The operating system's answers that files outside the I/O layer need one or two of, so
/// that only files whose job is to talk to the system (the I/O layer, LMDB, locks, secret
/// memory, signals, sockets) import Glibc.
public enum Platform {
    /// This process's id.
    public static var processID: Int32 { getpid() }

    /// Whether standard error is a terminal (a person watching it), not a file or a pipe.
    public static var standardErrorIsTerminal: Bool { isatty(STDERR_FILENO) == 1 }

    /// Hands what `print` buffered to its file now: a pipe is block-buffered, and a
    /// long-running command's lines would otherwise wait for it to end.
    public static func flushPrintedOutput() { fflush(nil) }

    /// Renames `source` over `destination`, atomically within one file system.
    public static func rename(_ source: String, to destination: String) throws(SystemCallFailure) {
        guard Glibc.rename(source, destination) == 0 else { throw .current }
    }

    /// Sets the permission bits of `path` to exactly `mode`.
    public static func setMode(_ path: String, _ mode: UInt32) throws(SystemCallFailure) {
        guard chmod(path, mode_t(mode)) == 0 else { throw .current }
    }

    /// Bytes an unprivileged writer may still use on the file system holding `path`, if known.
    public static func availableBytes(at path: String) -> Int? {
        var info = statvfs()
        guard statvfs(path, &info) == 0 else { return nil }
        return Int(info.f_bavail) * Int(info.f_frsize)
    }

    /// What is at `path`, the link itself where it is a symbolic link; nil when nothing is
    /// there or it cannot be looked at.
    public static func statusNotFollowingLinks(_ path: String) -> FileStatus? {
        var status = stat()
        guard lstat(path, &status) == 0 else { return nil }
        let kind: FileStatus.Kind = switch status.st_mode & S_IFMT {
        case S_IFREG: .regularFile
        case S_IFDIR: .folder
        case S_IFLNK: .symbolicLink
        default: .other
        }
        return FileStatus(
            kind: kind, size: Int64(status.st_size),
            modified: FileStatus.Instant(seconds: Int64(status.st_mtim.tv_sec), nanoseconds: Int64(status.st_mtim.tv_nsec)))
    }
}

/// What `stat(2)` says of a file that its callers here use.
public struct FileStatus: Equatable, Sendable {
    public enum Kind: Sendable {
        case regularFile, folder, symbolicLink, other
    }

    /// A modification time as the file system keeps it.
    public struct Instant: Equatable, Sendable {
        public let seconds: Int64
        public let nanoseconds: Int64
    }

    public let kind: Kind
    public let size: Int64
    public let modified: Instant
}
