import CSodium
import LedgerCore

/// The master key wrapped under one way of unlocking: a passphrase, a keyfile or the recovery code.
public struct KeySlot: Codable, Equatable, Sendable {
    public enum Kind: String, Codable, Sendable { case passphrase, keyfile, recovery }

    public var kind: Kind
    public var salt: String
    public var nonce: String
    public var wrappedKey: String
    /// Argon2id parameters; only passphrase slots have them (keyfiles and recovery codes
    /// already carry 160+ bits of entropy, so a keyed BLAKE2b is enough).
    public var kdf: KDFParameters?

    /// Wraps `master` under `secret`, binding the vault id and the slot kind.
    public static func wrap(
        _ master: MasterKey, kind: Kind, secret: SecretBytes, vaultID: [UInt8], kdf: KDFParameters? = nil
    ) throws(KeySlotError) -> KeySlot {
        let salt = Sodium.random(Int(crypto_pwhash_SALTBYTES))
        let nonce = Sodium.random(Int(crypto_aead_xchacha20poly1305_ietf_NPUBBYTES))
        let slot = KeySlot(kind: kind, salt: Hex.encode(salt), nonce: Hex.encode(nonce), wrappedKey: "", kdf: kdf)
        let kek = try slot.keyEncryptionKey(secret: secret)
        let associated = slot.associatedData(vaultID: vaultID)
        var wrapped = [UInt8](repeating: 0, count: MasterKey.byteCount + Int(crypto_aead_xchacha20poly1305_ietf_ABYTES))
        master.secret.withUnsignedPointer { masterPointer in
            kek.withUnsignedPointer { kekPointer in
                var written: UInt64 = 0
                _ = crypto_aead_xchacha20poly1305_ietf_encrypt(
                    &wrapped, &written, masterPointer, UInt64(MasterKey.byteCount),
                    associated, UInt64(associated.count), nil, nonce, kekPointer)
            }
        }
        var result = slot
        result.wrappedKey = Hex.encode(wrapped)
        return result
    }

    /// The master key, or `.wrongSecret` when `secret` is not the one this slot was made with.
    public func unwrap(secret: SecretBytes, vaultID: [UInt8]) throws(KeySlotError) -> MasterKey {
        guard let salt = Hex.decode(salt), let nonce = Hex.decode(nonce), let wrapped = Hex.decode(wrappedKey),
              nonce.count == Int(crypto_aead_xchacha20poly1305_ietf_NPUBBYTES),
              wrapped.count == MasterKey.byteCount + Int(crypto_aead_xchacha20poly1305_ietf_ABYTES),
              salt.count == Int(crypto_pwhash_SALTBYTES)
        else { throw .corruptSlot(kind) }
        let kek = try keyEncryptionKey(secret: secret)
        let associated = associatedData(vaultID: vaultID)
        let master = try SecretBytes(count: MasterKey.byteCount) { (output) throws(KeySlotError) in
            let status = kek.withUnsignedPointer { kekPointer in
                var written: UInt64 = 0
                // Cannot fail: `output` is SecretBytes' own memory, which sodium_malloc returned non-nil.
                return crypto_aead_xchacha20poly1305_ietf_decrypt(
                    output.baseAddress!.assumingMemoryBound(to: UInt8.self), &written, nil,
                    wrapped, UInt64(wrapped.count), associated, UInt64(associated.count), nonce, kekPointer)
            }
            guard status == 0 else { throw .wrongSecret(kind) }
        }
        return MasterKey(secret: master)
    }

    private func keyEncryptionKey(secret: SecretBytes) throws(KeySlotError) -> SecretBytes {
        guard let salt = Hex.decode(salt) else { throw .corruptSlot(kind) }
        if let kdf { return try kdf.deriveKey(passphrase: secret, salt: salt) }
        return SecretBytes(count: 32) { output in
            secret.withBytes { input in
                // Cannot fail: `output` is SecretBytes' own memory, which sodium_malloc returned non-nil.
                _ = crypto_generichash(
                    output.baseAddress!.assumingMemoryBound(to: UInt8.self), 32,
                    input.baseAddress?.assumingMemoryBound(to: UInt8.self), UInt64(input.count), salt, salt.count)
            }
        }
    }

    private func associatedData(vaultID: [UInt8]) -> [UInt8] { vaultID + Array("slot:\(kind.rawValue)".utf8) }
}

/// Why a key slot could not be made or opened.
public struct KeySlotError: Error, Equatable, CustomStringConvertible {
    private enum Reason: Equatable {
        case wrongSecret(KeySlot.Kind)
        case corruptSlot(KeySlot.Kind)
        case unsupportedKDF(String)
        case outOfMemory
    }

    private let reason: Reason

    private init(_ reason: Reason) { self.reason = reason }

    /// The passphrase, keyfile or recovery code is not the one the slot was made with.
    public static func wrongSecret(_ kind: KeySlot.Kind) -> Self { Self(.wrongSecret(kind)) }
    /// The slot of `kind` in vault.json does not decode.
    public static func corruptSlot(_ kind: KeySlot.Kind) -> Self { Self(.corruptSlot(kind)) }
    /// The slot names a key derivation this version does not have.
    public static func unsupportedKDF(_ name: String) -> Self { Self(.unsupportedKDF(name)) }
    /// Argon2id could not get the memory its profile asks for.
    public static let outOfMemory = Self(.outOfMemory)

    public var description: String {
        switch reason {
        case .wrongSecret(.passphrase): "wrong passphrase"
        case .wrongSecret(.keyfile): "this keyfile does not unlock the vault"
        case .wrongSecret(.recovery): "wrong recovery code"
        case .corruptSlot(let kind): "the \(kind.rawValue) slot in vault.json is damaged"
        case .unsupportedKDF(let name): "key derivation '\(name)' is not supported by this version"
        case .outOfMemory: "not enough memory for the passphrase key derivation (Argon2id)"
        }
    }
}
