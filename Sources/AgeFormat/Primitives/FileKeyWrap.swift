import CSodium
import LedgerCrypto

/// ChaCha20-Poly1305 with the all-zero nonce, which age uses to wrap the 16-byte file key
/// in a stanza body (each wrap key is used once, so the fixed nonce is safe).
enum FileKeyWrap {
    static let bodySize = AgeFormat.fileKeySize + AgeFormat.tagSize
    private static let zeroNonce = [UInt8](repeating: 0, count: Int(crypto_aead_chacha20poly1305_ietf_NPUBBYTES))

    static func wrap(_ fileKey: SecretBytes, with wrapKey: SecretBytes) -> [UInt8] {
        var body = [UInt8](repeating: 0, count: bodySize)
        fileKey.withBytes { key in
            wrapKey.withBytes { wrap in
                // Cannot fail: both keys are SecretBytes' own memory, which sodium_malloc returned non-nil.
                _ = crypto_aead_chacha20poly1305_ietf_encrypt(
                    &body, nil, key.baseAddress!.assumingMemoryBound(to: UInt8.self), UInt64(key.count),
                    nil, 0, nil, zeroNonce, wrap.baseAddress!.assumingMemoryBound(to: UInt8.self))
            }
        }
        return body
    }

    /// The file key, or nil when `body` does not authenticate under `wrapKey`.
    /// Callers check the body length first (the spec's defence against partitioning oracles).
    static func unwrap(_ body: [UInt8], with wrapKey: SecretBytes) -> SecretBytes? {
        precondition(body.count == bodySize)
        var authentic = false
        let fileKey = SecretBytes(count: AgeFormat.fileKeySize) { output in
            wrapKey.withBytes { wrap in
                // Cannot fail: `output` and the wrap key are SecretBytes' own memory, which sodium_malloc
                // returned non-nil.
                authentic = crypto_aead_chacha20poly1305_ietf_decrypt(
                    output.baseAddress!.assumingMemoryBound(to: UInt8.self), nil, nil, body, UInt64(body.count),
                    nil, 0, zeroNonce, wrap.baseAddress!.assumingMemoryBound(to: UInt8.self)) == 0
            }
        }
        return authentic ? fileKey : nil
    }
}
