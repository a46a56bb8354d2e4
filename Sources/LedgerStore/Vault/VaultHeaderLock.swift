import Foundation
import Glibc

/// Held by a command that changes `vault.json` (`passwd`) from reading the header to
/// writing it back, so that two such commands take turns: the second then reads what the
/// first wrote, and its current passphrase must open that.
///
/// An exclusive `flock` on the vault folder: it is released when the process ends however
/// it ends, and it does not touch LMDB's own `fcntl` locks on `lock.mdb`, so commands that
/// only read the header are not held up.
public final class VaultHeaderLock {
    private var descriptor: Int32

    /// Takes the lock, calling `waiting` once and then waiting if another process holds it.
    public init(vault directory: String, waiting: () -> Void) throws {
        descriptor = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else {
            if errno == ENOENT { throw LedgerStoreError.noVault(path: directory) }
            throw LedgerStoreError.io(path: directory, reason: String(cString: strerror(errno)))
        }
        if flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            guard errno == EWOULDBLOCK else { throw failure(directory) }
            waiting()
            while flock(descriptor, LOCK_EX) != 0 {
                guard errno == EINTR else { throw failure(directory) }
            }
        }
        VaultHeader.removeLeftovers(vault: directory)
    }

    private func failure(_ directory: String) -> LedgerStoreError {
        let error = LedgerStoreError.io(path: directory, reason: "cannot lock the vault folder: \(String(cString: strerror(errno)))")
        close(descriptor)
        descriptor = -1
        return error
    }

    deinit { if descriptor >= 0 { close(descriptor) } }
}
