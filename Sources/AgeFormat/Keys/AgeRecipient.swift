public import LedgerCrypto

/// Someone an age file is encrypted to: an X25519 public key (`age1…`) or a passphrase.
public enum AgeRecipient: Sendable {
    /// A 32-byte X25519 public key.
    case x25519(publicKey: [UInt8])
    /// A passphrase, stretched with scrypt at N = 2^`workFactor`; it must be the file's only recipient.
    case passphrase(SecretBytes, workFactor: Int)

    /// The work factor age itself writes (N = 2^18, about 256 MiB and a fraction of a second).
    public static let defaultWorkFactor = 18

    /// Parses an `age1…` public key.
    public init(parsing text: String) throws(AgeError) {
        self = .x25519(publicKey: try AgeKeyEncoding.decode(text, humanReadablePart: AgeKeyEncoding.publicPrefix, what: "public key"))
    }

    /// The `age1…` string of an X25519 recipient; nil for a passphrase.
    public var encoded: String? {
        guard case .x25519(let publicKey) = self else { return nil }
        return AgeKeyEncoding.encodePublicKey(publicKey)
    }

    var isPassphrase: Bool {
        if case .passphrase = self { true } else { false }
    }
}
