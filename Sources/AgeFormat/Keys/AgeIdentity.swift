import CSodium
public import LedgerCrypto

/// What opens an age file: an X25519 secret key (`AGE-SECRET-KEY-1…`) or a passphrase.
public enum AgeIdentity: Sendable {
    /// A 32-byte X25519 secret key.
    case x25519(secretKey: SecretBytes)
    /// The passphrase of a passphrase-encrypted (scrypt) file.
    case passphrase(SecretBytes)

    /// Parses one `AGE-SECRET-KEY-1…` string (either case).
    public init(parsing text: String) throws(AgeError) {
        var secret = try AgeKeyEncoding.decode(text, humanReadablePart: AgeKeyEncoding.secretPrefix, what: "secret key")
        self = .x25519(secretKey: SecretBytes(consuming: &secret))
    }

    /// A new random X25519 identity.
    public static func generateX25519() -> AgeIdentity {
        .x25519(secretKey: SecretBytes.random(Int(crypto_scalarmult_curve25519_SCALARBYTES)))
    }

    /// A passphrase given as text.
    public static func passphrase(_ text: String) -> AgeIdentity {
        var bytes = Array(text.utf8)
        return .passphrase(SecretBytes(consuming: &bytes))
    }

    /// The recipient that files for this identity are encrypted to; nil for a passphrase.
    public var recipient: AgeRecipient? {
        guard case .x25519(let secretKey) = self else { return nil }
        return .x25519(publicKey: X25519.publicKey(of: secretKey))
    }

    /// The `AGE-SECRET-KEY-1…` string. It is the secret itself: write it only to a 0600 file or a terminal.
    public func secretKeyString() -> String? {
        guard case .x25519(let secretKey) = self else { return nil }
        var bytes = secretKey.withBytes { Array($0) }
        defer { wipe(&bytes) }
        return AgeKeyEncoding.encodeSecretKey(bytes)
    }
}
