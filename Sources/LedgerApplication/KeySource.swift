public import LedgerCrypto
public import LedgerStore

/// Where the vault's master key comes from, as a front end was told.
public enum KeySource {
    /// A secret the person named (a passphrase file, a keyfile, a recovery code): used as
    /// given, whatever the kernel keyring holds.
    case given(() throws -> VaultSecret)
    /// The key `unlock` keeps in the kernel keyring, else `otherwise` (a prompt, or a refusal
    /// that says how to unlock).
    case keyring(otherwise: () throws -> VaultSecret)

    public func masterKey(_ header: VaultHeader) throws -> MasterKey {
        switch self {
        case .given(let secret):
            return try VaultKeys.unlock(header, with: secret())
        case .keyring(let otherwise):
            if let held = KernelKeyring.load(vaultID: header.vaultID) { return held }
            return try VaultKeys.unlock(header, with: otherwise())
        }
    }
}
