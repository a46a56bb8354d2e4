import Foundation
import Glibc

/// Holds a vault's LMDB lock file exclusively, so no other process has the vault open.
///
/// Every process that opens an LMDB environment holds a shared `fcntl` lock on byte 0 of
/// `lock.mdb` for as long as it has it open. Upgrading this process's lock to an exclusive
/// one succeeds only when no other process holds one, and until it is released a process
/// opening the vault waits for it. `fcntl` locks belong to the process, so closing the
/// descriptor also releases LMDB's own lock: release only once the environment is closed.
final class ExclusiveVaultLock {
    private var descriptor: Int32

    init(directory: String) throws {
        let path = directory + "/lock.mdb"
        descriptor = open(path, O_RDWR | O_CLOEXEC)
        guard descriptor >= 0 else { throw LedgerStoreError.io(path: path, reason: String(cString: strerror(errno))) }
        var lock = flock(l_type: Int16(F_WRLCK), l_whence: Int16(SEEK_SET), l_start: 0, l_len: 1, l_pid: 0)
        guard fcntl(descriptor, F_SETLK, &lock) == 0 else {
            var holder = flock(l_type: Int16(F_WRLCK), l_whence: Int16(SEEK_SET), l_start: 0, l_len: 1, l_pid: 0)
            let process = fcntl(descriptor, F_GETLK, &holder) == 0 && holder.l_type != Int16(F_UNLCK) ? " (process \(holder.l_pid))" : ""
            close(descriptor)
            throw LedgerStoreError.io(
                path: directory,
                reason: "another program has the vault open\(process); nothing was changed — run the command again when it has finished")
        }
    }

    func release() {
        guard descriptor >= 0 else { return }
        close(descriptor)
        descriptor = -1
    }

    deinit { release() }
}
