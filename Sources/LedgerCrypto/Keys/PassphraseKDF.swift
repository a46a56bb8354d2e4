import CSodium

/// Argon2id parameters, stored with each passphrase slot so they can be raised later.
public struct KDFParameters: Codable, Equatable, Sendable {
    public var algorithm: String
    public var opsLimit: UInt64
    public var memLimit: UInt64

    public init(opsLimit: UInt64, memLimit: UInt64) {
        algorithm = "argon2id13"
        self.opsLimit = opsLimit
        self.memLimit = memLimit
    }

    /// libsodium's profiles: interactive (~0.1 s, 64 MiB), moderate (~0.8 s, 256 MiB, the default),
    /// sensitive (~4 s, 1 GiB).
    public static let interactive = KDFParameters(
        opsLimit: UInt64(crypto_pwhash_argon2id_OPSLIMIT_INTERACTIVE), memLimit: UInt64(crypto_pwhash_argon2id_MEMLIMIT_INTERACTIVE))
    public static let moderate = KDFParameters(
        opsLimit: UInt64(crypto_pwhash_argon2id_OPSLIMIT_MODERATE), memLimit: UInt64(crypto_pwhash_argon2id_MEMLIMIT_MODERATE))
    public static let sensitive = KDFParameters(
        opsLimit: UInt64(crypto_pwhash_argon2id_OPSLIMIT_SENSITIVE), memLimit: UInt64(crypto_pwhash_argon2id_MEMLIMIT_SENSITIVE))

    public static func named(_ name: String) -> KDFParameters? {
        ["interactive": interactive, "moderate": moderate, "sensitive": sensitive][name]
    }

    /// These parameters, each raised to `floor`'s where it is stronger.
    public func atLeast(_ floor: KDFParameters) -> KDFParameters {
        KDFParameters(opsLimit: max(opsLimit, floor.opsLimit), memLimit: max(memLimit, floor.memLimit))
    }

    /// Stretches a passphrase into a 32-byte key-encryption key.
    func deriveKey(passphrase: SecretBytes, salt: [UInt8]) throws(KeySlotError) -> SecretBytes {
        guard algorithm == "argon2id13" else { throw .unsupportedKDF(algorithm) }
        return try SecretBytes(count: 32) { (output) throws(KeySlotError) in
            let status = passphrase.withBytes { phrase in
                // Cannot fail: both buffers are SecretBytes' own memory, which sodium_malloc returned
                // non-nil.
                crypto_pwhash(
                    output.baseAddress!.assumingMemoryBound(to: UInt8.self), 32,
                    phrase.baseAddress!.assumingMemoryBound(to: CChar.self), UInt64(phrase.count),
                    salt, opsLimit, Int(memLimit), crypto_pwhash_ALG_ARGON2ID13)
            }
            guard status == 0 else { throw .outOfMemory }
        }
    }
}
