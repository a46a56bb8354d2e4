import Glibc

extension Environment {
    /// Below this much free space, a failed write is taken for a full disk.
    static let nearlyFull = 1 << 20

    /// Bytes an unprivileged writer may still use on the vault's file system, if known.
    var freeBytes: Int? {
        var info = statvfs()
        guard statvfs(path, &info) == 0 else { return nil }
        return Int(info.f_bavail) * Int(info.f_frsize)
    }
}
