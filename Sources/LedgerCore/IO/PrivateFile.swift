import Foundation
import Glibc

/// The one way a file is replaced: whole or not at all, readable by its owner only.
///
/// The bytes go to a temporary file of the writer's own beside the destination
/// (`.NAME.<random>.tmp`, created by `OwnerOnlyFile` refusing anything already there), which
/// is renamed over the destination once written. One fixed temporary name let two writers
/// at once write into the same file, and the rename of either then published the other's
/// bytes. The name is hidden so that one a killed writer left does not show among the
/// user's files.
public enum PrivateFile {
    /// How far the new file is on its way to the disk when `write` returns.
    public enum Durability: Sendable {
        /// In the page cache: a power cut may lose it. For what can be made again (an export).
        case cached
        /// On the disk, the file and its folder's entry both: a vault's own files.
        case synced
    }

    /// Replaces `path` with `bytes`. On any failure the temporary file is removed and
    /// `path` holds what it held.
    public static func write(_ bytes: [UInt8], to path: String, durability: Durability) throws(PrivateFileFailure) {
        let temporary = temporaryPath(for: path)
        let descriptor: Int32
        do {
            descriptor = try OwnerOnlyFile.open(temporary, existing: .refuse)
        } catch {
            throw PrivateFileFailure(step: .create, destination: path, path: temporary, cause: error)
        }
        var failure: PrivateFileFailure?
        do {
            try WriteAll.write(bytes, to: descriptor)
        } catch {
            failure = PrivateFileFailure(step: .write, destination: path, path: temporary, cause: error)
        }
        if failure == nil, durability == .synced, fsync(descriptor) != 0 {
            failure = PrivateFileFailure(step: .sync, destination: path, path: temporary, cause: .current)
        }
        close(descriptor)
        if failure == nil, rename(temporary, path) != 0 {
            failure = PrivateFileFailure(step: .rename, destination: path, path: temporary, cause: .current)
        }
        if let failure {
            unlink(temporary)
            throw failure
        }
        guard durability == .synced else { return }
        let directory = folder(of: path)
        do {
            try FileSync.sync(directory)
        } catch {
            throw PrivateFileFailure(step: .syncFolder, destination: path, path: directory, cause: error)
        }
    }

    /// Makes `path` and any missing folder above it, each 0700 whatever the umask: the
    /// folders that will hold private files. Folders that exist keep their mode.
    public static func createFolder(_ path: String) throws(PrivateFileFailure) {
        var made = ""
        for component in URL(fileURLWithPath: path).standardizedFileURL.pathComponents {
            made = made.isEmpty ? component : (made == "/" ? "/" + component : made + "/" + component)
            if mkdir(made, 0o700) == 0 {
                chmod(made, 0o700)
            } else if errno != EEXIST {
                throw PrivateFileFailure(step: .createFolder, destination: path, path: made, cause: .current)
            }
        }
    }

    /// Whether `name`, in a folder, is a temporary file that a writer of `fileName` beside
    /// it made and did not rename (a killed one).
    public static func isTemporary(_ name: String, of fileName: String) -> Bool {
        let prefix = "." + fileName + ".", suffix = ".tmp"
        guard name.hasPrefix(prefix), name.hasSuffix(suffix), name.utf8.count == prefix.utf8.count + randomHexDigits + suffix.utf8.count else { return false }
        return Hex.decode(String(decoding: name.utf8.dropFirst(prefix.utf8.count).dropLast(suffix.utf8.count), as: UTF8.self)) != nil
    }

    /// Hex digits of randomness in a temporary name: eight bytes.
    private static let randomHexDigits = 16

    static func temporaryPath(for path: String) -> String {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        var random = SystemRandomNumberGenerator()
        let suffix = Hex.encode((0..<randomHexDigits / 2).map { _ in UInt8.random(in: .min ... .max, using: &random) })
        let directory = folder(of: path)
        return (directory == "/" ? "" : directory) + "/.\(name).\(suffix).tmp"
    }

    private static func folder(of path: String) -> String {
        let folder = PathText.folder(of: path)
        return folder.isEmpty ? "." : folder
    }
}

/// A step of `PrivateFile` failed. Each caller turns it into its own error, which names
/// the file and what to do.
public struct PrivateFileFailure: Error, Sendable {
    public enum Step: Sendable, Equatable {
        case createFolder, create, write, sync, rename, syncFolder
    }

    public let step: Step
    /// The file or folder asked for.
    public let destination: String
    /// The one the step failed on: the temporary file, or a folder.
    public let path: String
    public let cause: SystemCallFailure
}
