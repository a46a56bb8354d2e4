public import Glibc

/// The one way a file is opened for writing: created readable by its owner only (health
/// data in the clear, keys, a vault's own files), never through a symbolic link, and closed
/// in any program this one starts.
public enum OwnerOnlyFile {
    /// What to do when something is already at the path.
    public enum Existing: Sendable {
        /// Refuse it (`EEXIST`): the file made is new and ours, whoever else writes nearby.
        case refuse
        /// Empty it and write from the start.
        case truncate
        /// Write after what it holds.
        case append
    }

    /// Opens `path` write-only, creating it with `permissions` if it is not there, and
    /// returns the descriptor, which the caller closes.
    ///
    /// A symbolic link at `path` is refused (`ELOOP`): it could point the write at any file
    /// of the user's. A file created or emptied ends with exactly `permissions`, since the
    /// umask may have taken owner bits away; one appended to keeps the mode it has.
    public static func open(_ path: String, existing: Existing, permissions: mode_t = 0o600) throws(SystemCallFailure) -> Int32 {
        let flags: Int32 = switch existing {
        case .refuse: O_EXCL
        case .truncate: O_TRUNC
        case .append: O_APPEND
        }
        let descriptor = Glibc.open(path, O_WRONLY | O_CREAT | O_NOFOLLOW | O_CLOEXEC | flags, permissions)
        guard descriptor >= 0 else { throw .current }
        if existing != .append { fchmod(descriptor, permissions) }
        return descriptor
    }
}
