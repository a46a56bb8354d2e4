import LedgerCore

/// Plaintext health data written outside the vault (CSV exports, charts, cards): what the
/// vault seals is here in the clear, so each file is the owner's alone (0600) and every
/// folder made for it too (0700), whatever the umask. Not synced: an export can be made again.
extension PrivateFile {
    /// Replaces `path` with `text`; a failure says "cannot write PATH: reason" and exits
    /// 75 for a full disk, 74 otherwise.
    static func writeOutput(_ text: String, to path: String) throws(ExitStatus.Failure) {
        try writeOutput(Array(text.utf8), to: path)
    }

    /// Replaces `path` with `bytes`, failing as `writeOutput(_:to:)` with text does.
    static func writeOutput(_ bytes: [UInt8], to path: String) throws(ExitStatus.Failure) {
        do {
            try write(bytes, to: path, durability: .cached)
        } catch {
            throw ExitStatus.Failure(cannotWrite: error)
        }
    }

    /// Makes `path` and any missing folder above it, each 0700; a failure names the folder
    /// that could not be made.
    static func createOutputFolder(_ path: String) throws(ExitStatus.Failure) {
        do {
            try createFolder(path)
        } catch {
            throw ExitStatus.Failure(cannotWrite: error)
        }
    }
}

extension ExitStatus.Failure {
    init(cannotWrite failure: PrivateFileFailure) {
        let path = failure.step == .createFolder ? failure.path : failure.destination
        self.init(status: failure.cause.isDiskFull ? .diskFull : .ioError, message: "cannot write \(path): \(failure.cause.reason)")
    }
}
