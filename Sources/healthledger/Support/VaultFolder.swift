import Foundation
import LedgerCore

/// Where `init` may make a vault: a new or empty folder, so that it never takes over (and
/// narrows to 0700) a folder holding other things, and never makes a typo's parents silently.
enum VaultFolder {
    /// Files of a vault already there: `VaultKeys.create` refuses those itself, with its own exit code.
    static let vaultFiles: Set<String> = ["vault.json", "data.mdb", "lock.mdb"]

    static func checkNew(_ path: String, explicit: Bool, parents: Bool) throws {
        let files = FileManager.default
        var isFolder: ObjCBool = false
        if files.fileExists(atPath: path, isDirectory: &isFolder) {
            guard isFolder.boolValue else {
                throw ExitStatus.Failure(status: .invalidInput, message: "\(path) is a file, not a folder: give --vault a new or empty folder")
            }
            let entries = ((try? files.contentsOfDirectory(atPath: path)) ?? []).sorted()
            guard entries.isEmpty || entries.contains(where: vaultFiles.contains) else {
                let shown = entries.prefix(3).joined(separator: ", ") + (entries.count > 3 ? ", …" : "")
                throw ExitStatus.Failure(
                    status: .invalidInput,
                    message: "\(path) is not empty (\(entries.count) \(entries.count == 1 ? "entry" : "entries"): \(shown)); a vault needs a folder of its own: give --vault a new or empty folder")
            }
            return
        }
        // The default folder's parents (~/.local/share) are made as any XDG program makes them.
        let parent = PathText.folder(of: path)
        guard explicit, !parents, !parent.isEmpty, !files.fileExists(atPath: parent) else { return }
        throw ExitStatus.Failure(
            status: .noVault,
            message: "the folder \(parent) does not exist: check the path, or add --parents to create it and \(path)")
    }
}
