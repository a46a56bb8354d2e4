import LedgerCore

/// fsync for files and folders, so a rename survives a power cut.
enum FileDurability {
    static func sync(path: String) throws {
        do {
            try FileSync.sync(path)
        } catch {
            throw LedgerStoreError.failed("fsync", path: path, errno: error.code)
        }
    }
}

extension LedgerStoreError {
    /// A failed system call on `path`: a full disk (or quota) as such, for exit 75.
    static func failed(_ call: String, path: String, errno code: Int32) -> LedgerStoreError {
        let failure = SystemCallFailure(code: code)
        if failure.isDiskFull { return .lmdb(LMDBError(code: code, call: "\(call) \(path)")) }
        return .io(path: path, reason: failure.reason)
    }

    /// A vault file could not be replaced: named by the step and the file it failed on.
    static func failed(_ failure: PrivateFileFailure) -> LedgerStoreError {
        let call = switch failure.step {
        case .createFolder, .create: "creating"
        case .write: "writing"
        case .sync, .syncFolder: "fsync"
        case .rename: "renaming to \(failure.destination)"
        }
        return failed(call, path: failure.path, errno: failure.cause.code)
    }
}
