import CKeyutils
import Glibc

/// Keeps an unlocked master key in the Linux kernel keyring for a limited time, so CLI
/// commands that follow skip Argon2id.
///
/// The key goes to the session keyring when the process has one, otherwise to the user
/// session keyring (the case under sshd or containers without PAM), both readable only by
/// this user's processes; the kernel deletes it when the timeout expires.
public enum KernelKeyring {
    /// The longest `unlock --ttl`: a key left in the keyring for days outlives the session it was meant for.
    public static let maximumTTLSeconds: UInt32 = 24 * 3600

    /// View, read and search for processes of this uid only, nothing for possessors. Possessor
    /// rights go to every process that holds the keyring, whatever its uid (a session keyring
    /// joined by another user, or inherited across `su`/`sudo`), and the kernel ORs them with the
    /// uid's: the only mask that requires the uid is one that gives possessors nothing.
    static let permissions = key_perm_t(KEY_USR_VIEW | KEY_USR_READ | KEY_USR_SEARCH)

    static func description(vaultID: String) -> String { "healthledger:\(vaultID)" }

    public static func store(_ key: MasterKey, vaultID: String, ttlSeconds: UInt32) throws(KeyringError) {
        // A concrete serial: adding to KEY_SPEC_SESSION_KEYRING itself would create a
        // throwaway session keyring in a process that has none, lost when it exits.
        let session = keyctl_get_keyring_ID(KEY_SPEC_SESSION_KEYRING, 0)
        let target = session >= 0 ? session : keyctl_get_keyring_ID(KEY_SPEC_USER_SESSION_KEYRING, 1)
        // A key held already cannot be updated in place (it has no write permission, below):
        // unlocking again replaces it.
        remove(vaultID: vaultID)
        let serial = key.secret.withBytes { bytes in
            add_key("user", description(vaultID: vaultID), bytes.baseAddress, bytes.count, target)
        }
        guard serial >= 0 else { throw .unavailable(String(cString: strerror(errno))) }
        // Timeout first: setting it needs the SETATTR right that the permissions below take away.
        guard keyctl_set_timeout(serial, min(ttlSeconds, maximumTTLSeconds)) == 0, keyctl_setperm(serial, permissions) == 0 else {
            let reason = String(cString: strerror(errno))
            _ = keyctl_invalidate(serial)
            throw .unavailable(reason)
        }
    }

    /// The stored key for this vault, or nil when none is held (never unlocked, expired or locked).
    public static func load(vaultID: String) -> MasterKey? {
        let found = keyctl_search(KEY_SPEC_SESSION_KEYRING, "user", description(vaultID: vaultID), 0)
        guard found >= 0 else { return nil }
        let serial = key_serial_t(truncatingIfNeeded: found)
        var buffer: UnsafeMutableRawPointer?
        let length = keyctl_read_alloc(serial, &buffer)
        guard length == MasterKey.byteCount, let buffer else {
            if let buffer { free(buffer) }
            return nil
        }
        defer {
            memset(buffer, 0, Int(length))
            free(buffer)
        }
        return MasterKey(secret: SecretBytes(count: MasterKey.byteCount) { $0.copyMemory(from: UnsafeRawBufferPointer(start: buffer, count: Int(length))) })
    }

    /// Drops the key; returns whether one was held.
    @discardableResult
    public static func remove(vaultID: String) -> Bool {
        var removed = false
        while case let found = keyctl_search(KEY_SPEC_SESSION_KEYRING, "user", description(vaultID: vaultID), 0), found >= 0 {
            guard keyctl_invalidate(key_serial_t(truncatingIfNeeded: found)) == 0 else { break }
            removed = true
        }
        return removed
    }
}

/// The kernel keyring refused to hold the key.
public struct KeyringError: Error, CustomStringConvertible {
    /// What the keyring call reported.
    let reason: String

    /// The keyring cannot be used here; `why` is what the kernel said.
    static func unavailable(_ why: String) -> Self { Self(reason: why) }

    public var description: String { "the kernel keyring is not available (\(reason)); run commands with the passphrase instead" }
}
