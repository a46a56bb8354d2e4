import CSodium

/// The ledger's Ed25519 key, derived from the master key so it needs no slot of its own.
public struct SigningKey: Sendable {
    public let publicKey: [UInt8]
    private let secretKey: SecretBytes

    public init(seed: SecretBytes) {
        var publicKey = [UInt8](repeating: 0, count: Int(crypto_sign_PUBLICKEYBYTES))
        secretKey = SecretBytes(count: Int(crypto_sign_SECRETKEYBYTES)) { secret in
            seed.withUnsignedPointer { seedPointer in
                // Cannot fail: `secret` is SecretBytes' own memory, which sodium_malloc returned non-nil.
                _ = crypto_sign_seed_keypair(&publicKey, secret.baseAddress!.assumingMemoryBound(to: UInt8.self), seedPointer)
            }
        }
        self.publicKey = publicKey
    }

    public func sign(_ message: [UInt8]) -> [UInt8] {
        var signature = [UInt8](repeating: 0, count: Int(crypto_sign_BYTES))
        secretKey.withUnsignedPointer { _ = crypto_sign_detached(&signature, nil, message, UInt64(message.count), $0) }
        return signature
    }

    public static func verify(signature: [UInt8], message: [UInt8], publicKey: [UInt8]) -> Bool {
        guard signature.count == Int(crypto_sign_BYTES), publicKey.count == Int(crypto_sign_PUBLICKEYBYTES) else { return false }
        return crypto_sign_verify_detached(signature, message, UInt64(message.count), publicKey) == 0
    }
}
