import LedgerCrypto

/// `-> X25519 <ephemeral share>`: the file key wrapped under X25519 with an ephemeral key.
enum X25519Stanza {
    static let type = "X25519"
    private static let info = "age-encryption.org/v1/X25519"

    static func wrap(_ fileKey: SecretBytes, to publicKey: [UInt8]) throws(AgeError) -> Stanza {
        guard publicKey.count == X25519.size else { throw .invalidRecipients("an X25519 public key must be 32 bytes") }
        let ephemeralSecret = SecretBytes.random(X25519.size)
        let share = X25519.publicKey(of: ephemeralSecret)
        guard let shared = X25519.sharedSecret(ephemeralSecret, publicKey) else {
            throw .invalidRecipients("the public key \(AgeKeyEncoding.encodePublicKey(publicKey)) is a low-order point")
        }
        let wrapKey = HKDF.deriveKey(secret: shared, salt: share + publicKey, info: info)
        return Stanza(arguments: [type, Base64.encode(share)], body: FileKeyWrap.wrap(fileKey, with: wrapKey))
    }

    static func unwrap(_ stanza: Stanza, secretKey: SecretBytes) throws(AgeError) -> StanzaUnwrapping {
        guard stanza.type == type else { return .notAddressed }
        guard stanza.arguments.count == 2 else {
            throw .headerMalformed("an X25519 stanza has \(stanza.arguments.count - 1) arguments instead of 1")
        }
        guard let share = Base64.decode(stanza.arguments[1]), share.count == X25519.size else {
            throw .headerMalformed("the X25519 share is not the canonical base64 of 32 bytes")
        }
        guard stanza.body.count == FileKeyWrap.bodySize else {
            throw .headerMalformed("an X25519 stanza body is \(stanza.body.count) bytes instead of \(FileKeyWrap.bodySize)")
        }
        guard let shared = X25519.sharedSecret(secretKey, share) else {
            throw .headerMalformed("the X25519 share is a low-order point (all-zero shared secret)")
        }
        let wrapKey = HKDF.deriveKey(secret: shared, salt: share + X25519.publicKey(of: secretKey), info: info)
        return FileKeyWrap.unwrap(stanza.body, with: wrapKey).map(StanzaUnwrapping.fileKey) ?? .notOpened
    }
}
