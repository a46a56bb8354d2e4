import Foundation
import LedgerCore
public import LedgerCrypto
import Migrations

/// A way of proving you may open a vault.
public enum VaultSecret {
    case passphrase(SecretBytes)
    case keyfile(SecretBytes)
    case recoveryCode(SecretBytes)

    var slotKind: KeySlot.Kind {
        switch self {
        case .passphrase: .passphrase
        case .keyfile: .keyfile
        case .recoveryCode: .recovery
        }
    }

    var bytes: SecretBytes {
        switch self {
        case .passphrase(let secret), .keyfile(let secret), .recoveryCode(let secret): secret
        }
    }
}

/// Creating vaults and unwrapping or re-wrapping their master key.
public enum VaultKeys {
    /// Creates the folder, `vault.json` and an empty log; returns the recovery code to show once.
    public static func create(
        at directory: String, passphrase: SecretBytes, kdf: KDFParameters, keyfile: SecretBytes? = nil
    ) throws -> (master: MasterKey, recoveryCode: String) {
        // A log without its header is still a vault: a new key beside it would open none of it.
        if FileManager.default.fileExists(atPath: VaultHeader.path(in: directory)) || !VaultFiles.existing(in: directory).isEmpty {
            throw LedgerStoreError.vaultExists(path: directory)
        }
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw LedgerStoreError.io(path: directory, reason: "cannot create the folder (\(error.localizedDescription))")
        }
        // An existing folder keeps the mode it had unless set: the vault's is the owner's alone.
        try VaultFiles.restrictModes(in: directory)
        let master = MasterKey.generate()
        let vaultID = secureRandomBytes(16)
        let recoveryCode = RecoveryCode.generate()
        // Cannot fail: a code just generated is in the normal form
        var recoveryBytes = RecoveryCode.normalized(recoveryCode)!
        let signing = SigningKey(seed: master.derive(.signingSeed))
        do {
            var slots = [
                try KeySlot.wrap(master, kind: .passphrase, secret: passphrase, vaultID: vaultID, kdf: kdf),
                try KeySlot.wrap(master, kind: .recovery, secret: SecretBytes(consuming: &recoveryBytes), vaultID: vaultID),
            ]
            if let keyfile { slots.append(try KeySlot.wrap(master, kind: .keyfile, secret: keyfile, vaultID: vaultID)) }
            let header = VaultHeader(
                format: VaultFormat.current, vaultID: Hex.encode(vaultID), createdAt: Timestamp.now().iso8601(utcOffset: 0),
                origin: "healthledger.local/vault/\(Hex.encode(vaultID))", signingPublicKey: Hex.encode(signing.publicKey),
                slots: slots)
            try header.write(vault: directory)
        } catch let error as KeySlotError {
            throw LedgerStoreError.locked(error)
        }
        return (master, recoveryCode)
    }

    /// The master key, from the kernel keyring when unlocked there, otherwise from `secret`.
    public static func unlock(_ header: VaultHeader, with secret: VaultSecret) throws -> MasterKey {
        guard let slot = header.slot(secret.slotKind) else {
            throw LedgerStoreError.locked(.wrongSecret(secret.slotKind))
        }
        do {
            let bytes: SecretBytes
            if case .recoveryCode(let text) = secret {
                var normalized = text.withBytes { RecoveryCode.normalized(String(decoding: $0, as: UTF8.self)) } ?? []
                guard !normalized.isEmpty else { throw KeySlotError.wrongSecret(.recovery) }
                bytes = SecretBytes(consuming: &normalized)
            } else {
                bytes = secret.bytes
            }
            return try slot.unwrap(secret: bytes, vaultID: header.vaultIDBytes)
        } catch let error as KeySlotError {
            throw LedgerStoreError.locked(error)
        } catch {
            throw LedgerStoreError.callback(error)
        }
    }

    /// Replaces (or adds) the slot of `secret`'s kind; the log is not re-encrypted.
    /// Passphrase slots get at least the current default KDF strength.
    public static func rewrap(
        vault directory: String, master: MasterKey, newSecret: VaultSecret, kdf: KDFParameters = .moderate
    ) throws {
        var header = try VaultHeader.read(vault: directory)
        let slot: KeySlot
        do {
            var strength: KDFParameters? = nil
            if case .passphrase = newSecret { strength = kdf }
            slot = try KeySlot.wrap(master, kind: newSecret.slotKind, secret: newSecret.bytes, vaultID: header.vaultIDBytes, kdf: strength)
        } catch {
            throw LedgerStoreError.locked(error)
        }
        header.slots.removeAll { $0.kind == slot.kind }
        header.slots.append(slot)
        try header.write(vault: directory)
    }
}
