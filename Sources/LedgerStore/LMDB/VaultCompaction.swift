import CLMDB
import Foundation
import LedgerCore

/// Rewrites a vault's LMDB file without its free pages, so that bytes of deleted entries
/// (an erased blob's sealed content and wrapped key) are no longer anywhere in it.
///
/// LMDB reuses freed pages but never clears them; only a compacted copy
/// (`mdb_env_copy2` with `MDB_CP_COMPACT`) leaves them out. The copy replaces the file by
/// an atomic rename, with the vault held exclusively.
public enum VaultCompaction {
    /// The data file's size before and after.
    public struct Report: Sendable {
        public let bytesBefore: Int
        public let bytesAfter: Int
    }

    /// Compacts the environment in `directory`. Nothing else in this process may have it
    /// open; another process that has it open makes this refuse, changing nothing.
    public static func compact(directory: String) throws -> Report {
        let dataFile = directory + "/data.mdb"
        guard let before = Environment.fileSize(dataFile) else { throw LedgerStoreError.noVault(path: directory) }
        let environment = try Environment(path: directory, mapSize: 1 << 20)
        let exclusive = try ExclusiveVaultLock(directory: directory)
        // Both stay alive until the new file is in place: closing either releases every lock
        // this process holds on the vault, and a process opening it before the rename would
        // write to the old file.
        try withExtendedLifetime((environment, exclusive)) {
            // Only while holding the vault alone: a copy left by an interrupted compaction goes.
            let staging = directory + "/compact.tmp"
            try? FileManager.default.removeItem(atPath: staging)
            do {
                try FileManager.default.createDirectory(atPath: staging, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
            } catch {
                throw LedgerStoreError.io(path: staging, reason: "cannot create the folder for the compacted copy (\(error.localizedDescription))")
            }
            defer { try? FileManager.default.removeItem(atPath: staging) }
            try environment.makeLastTransactionOdd()
            try environment.copyCompacted(to: staging)
            // LMDB makes the copy with mode 0666 less the umask; the vault's files are the owner's alone.
            do throws(SystemCallFailure) {
                try Platform.setMode(staging + "/data.mdb", 0o600)
            } catch {
                throw LedgerStoreError.io(path: staging + "/data.mdb", reason: "cannot make the compacted copy private (chmod 600): \(error.reason)")
            }
            try FileDurability.sync(path: staging + "/data.mdb")
            do throws(SystemCallFailure) {
                try Platform.rename(staging + "/data.mdb", to: dataFile)
            } catch {
                throw LedgerStoreError.io(path: dataFile, reason: "cannot replace it with the compacted copy: \(error.reason)")
            }
            try FileDurability.sync(path: directory)
        }
        return Report(bytesBefore: before, bytesAfter: Environment.fileSize(dataFile) ?? 0)
    }
}

extension Environment {
    /// Commits empty-valued marker writes until the last transaction id is odd.
    ///
    /// A compacted copy keeps its root in meta page 1 (transaction id 1). A process that was
    /// waiting to open the vault during the compaction joins the lock file as it is, and LMDB
    /// picks the meta page from the parity of the lock file's last transaction id: odd, it
    /// picks page 1, the compacted root.
    func makeLastTransactionOdd() throws {
        let marker = Array("compacted".utf8)
        while lastTransactionID % 2 == 0 {
            try write { txn in
                let meta = try database("meta", in: txn, create: true)
                try txn.put(meta, key: marker, value: [])
            }
        }
    }

    var lastTransactionID: Int {
        var info = MDB_envinfo()
        mdb_env_info(handle, &info)
        return info.me_last_txnid
    }
}
