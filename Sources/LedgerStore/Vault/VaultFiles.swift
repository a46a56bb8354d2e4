import Foundation
import LedgerCore

/// The files and folders a vault consists of, and the modes they keep: the folder 0700 and
/// every file in it 0600, whatever the umask or a copy's defaults gave them.
public enum VaultFiles {
    /// Files whose presence means a vault lives (or lived) in the folder.
    static let dataFiles = ["data.mdb", "lock.mdb"]

    /// Which of `dataFiles` are in `directory`.
    static func existing(in directory: String) -> [String] {
        dataFiles.filter { FileManager.default.fileExists(atPath: directory + "/" + $0) }
    }

    /// Sets the folder to 0700 and the vault's own files in it to 0600.
    public static func restrictModes(in directory: String) throws {
        do throws(SystemCallFailure) {
            try Platform.setMode(directory, 0o700)
        } catch {
            throw LedgerStoreError.io(path: directory, reason: "cannot make the vault folder private (chmod 700): \(error.reason)")
        }
        for name in dataFiles + ["vault.json"] {
            let path = directory + "/" + name
            do throws(SystemCallFailure) {
                try Platform.setMode(path, 0o600)
            } catch {
                // A file not made yet has no mode to fix.
                guard error == .noSuchFile else {
                    throw LedgerStoreError.io(path: path, reason: "cannot make it private (chmod 600): \(error.reason)")
                }
            }
        }
    }
}
