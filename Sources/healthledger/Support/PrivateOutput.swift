import Foundation
import LedgerCore
import LedgerCrypto

/// Plaintext health data written outside the vault (CSV exports, charts, cards): what the
/// vault seals is here in the clear, so each file is the owner's alone (0600) and every
/// folder made for it too (0700), whatever the umask. Folders that exist keep their mode.
enum PrivateOutput {
    /// Writes `text` to `path` atomically: a private temporary file beside it, renamed over it.
    static func write(_ text: String, to path: String) throws {
        try write(Array(text.utf8), to: path)
    }

    /// Writes `bytes` to `path` atomically: a private temporary file beside it, renamed over it.
    static func write(_ bytes: [UInt8], to path: String) throws {
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent().path
        let temporary = "\(folder)/.\(url.lastPathComponent).\(Hex.encode(secureRandomBytes(6))).tmp"
        let descriptor: Int32
        do {
            descriptor = try OwnerOnlyFile.open(temporary, existing: .refuse)
        } catch {
            throw failure(path, error.code)
        }
        var code: Int32 = 0
        do {
            try WriteAll.write(bytes, to: descriptor)
        } catch {
            code = error.code
        }
        close(descriptor)
        if code == 0, rename(temporary, path) != 0 { code = errno }
        guard code == 0 else {
            unlink(temporary)
            throw failure(path, code)
        }
    }

    /// Makes `path` and any missing folder above it, each 0700.
    static func createFolder(_ path: String) throws {
        var made = ""
        for component in URL(fileURLWithPath: path).standardizedFileURL.pathComponents {
            made = made.isEmpty ? component : (made == "/" ? "/" + component : made + "/" + component)
            if mkdir(made, 0o700) == 0 {
                chmod(made, 0o700)
            } else if errno != EEXIST {
                throw failure(made, errno)
            }
        }
    }

    private static func failure(_ path: String, _ code: Int32) -> ExitStatus.Failure {
        let status: ExitStatus = code == ENOSPC || code == EDQUOT ? .diskFull : .ioError
        return ExitStatus.Failure(status: status, message: "cannot write \(path): \(String(cString: strerror(code)))")
    }
}
