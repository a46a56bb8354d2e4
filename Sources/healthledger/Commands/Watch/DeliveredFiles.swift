import LedgerCore

/// The size and modification time each file was imported at, so a file is read again only when it changes.
struct DeliveredFiles {
    private var versions: [String: [Int64]] = [:]

    mutating func isNew(_ path: String, _ status: FileStatus) -> Bool {
        let version = [status.size, status.modified.seconds, status.modified.nanoseconds]
        guard versions[path] != version else { return false }
        versions[path] = version
        return true
    }
}
