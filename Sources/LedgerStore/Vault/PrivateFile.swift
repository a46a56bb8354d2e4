import Foundation
import Glibc
import LedgerCore
import LedgerCrypto

/// A new file only its owner may read, under a name no other writer uses
/// (`NAME.<random>.tmp`), to be renamed over NAME once written and synced.
///
/// One fixed temporary name let two writers at once write into the same file, and the
/// rename of either then published the other's bytes.
final class PrivateFile {
    let path: String
    private var descriptor: Int32

    private init(path: String, descriptor: Int32) {
        self.path = path
        self.descriptor = descriptor
    }

    static func create(inFolder directory: String, named name: String) throws -> PrivateFile {
        let path = "\(directory)/\(name).\(Hex.encode(secureRandomBytes(8))).tmp"
        do {
            return PrivateFile(path: path, descriptor: try OwnerOnlyFile.open(path, existing: .refuse))
        } catch {
            throw LedgerStoreError.failed("creating", path: path, errno: error.code)
        }
    }

    func write(_ data: Data) throws {
        do {
            try WriteAll.write([UInt8](data), to: descriptor)
        } catch {
            throw LedgerStoreError.failed("writing", path: path, errno: error.code)
        }
    }

    func sync() throws {
        guard fsync(descriptor) == 0 else { throw LedgerStoreError.failed("fsync", path: path, errno: errno) }
    }

    /// Closes the file and renames it to `destination`.
    func rename(to destination: String) throws {
        close()
        guard Glibc.rename(path, destination) == 0 else {
            throw LedgerStoreError.failed("renaming to \(destination)", path: path, errno: errno)
        }
    }

    /// Closes and deletes the file, after a failure.
    func remove() {
        close()
        unlink(path)
    }

    private func close() {
        guard descriptor >= 0 else { return }
        Glibc.close(descriptor)
        descriptor = -1
    }

    deinit { close() }
}
