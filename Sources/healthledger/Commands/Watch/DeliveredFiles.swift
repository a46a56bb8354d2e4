import Glibc

/// The size and modification time each file was imported at, so a file is read again only when it changes.
struct DeliveredFiles {
    private var versions: [String: [Int64]] = [:]

    mutating func isNew(_ path: String, _ status: stat) -> Bool {
        let version = [Int64(status.st_size), Int64(status.st_mtim.tv_sec), Int64(status.st_mtim.tv_nsec)]
        guard versions[path] != version else { return false }
        versions[path] = version
        return true
    }
}
