import LedgerCrypto

/// What an identity made of one stanza.
enum StanzaUnwrapping {
    /// The stanza is not addressed to this kind of identity.
    case notAddressed
    /// The stanza is of this identity's type but its key does not open it.
    case notOpened
    case fileKey(SecretBytes)
}

extension AgeIdentity {
    /// Tries this identity on `stanza`; throws when the stanza breaks its type's rules.
    func unwrap(_ stanza: Stanza, maxWorkFactor: Int) throws(AgeError) -> StanzaUnwrapping {
        switch self {
        case .x25519(let secretKey): try X25519Stanza.unwrap(stanza, secretKey: secretKey)
        case .passphrase(let passphrase): try ScryptStanza.unwrap(stanza, passphrase: passphrase, maxWorkFactor: maxWorkFactor)
        }
    }
}

extension AgeRecipient {
    /// The stanza that gives this recipient `fileKey`.
    func wrap(_ fileKey: SecretBytes) throws(AgeError) -> Stanza {
        switch self {
        case .x25519(let publicKey): try X25519Stanza.wrap(fileKey, to: publicKey)
        case .passphrase(let passphrase, let workFactor): try ScryptStanza.wrap(fileKey, passphrase: passphrase, workFactor: workFactor)
        }
    }
}
