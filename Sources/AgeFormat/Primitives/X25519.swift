import CSodium
import LedgerCrypto

/// Curve25519 Diffie-Hellman (RFC 7748) over libsodium.
enum X25519 {
    static let size = Int(crypto_scalarmult_curve25519_BYTES)

    static func publicKey(of secretKey: SecretBytes) -> [UInt8] {
        var publicKey = [UInt8](repeating: 0, count: size)
        // Cannot fail: the secret key is SecretBytes' own memory, which sodium_malloc returned non-nil.
        secretKey.withBytes { _ = crypto_scalarmult_base(&publicKey, $0.baseAddress!.assumingMemoryBound(to: UInt8.self)) }
        return publicKey
    }

    /// The shared secret, or nil when it is all zeros (`point` has low order), which age must refuse.
    static func sharedSecret(_ secretKey: SecretBytes, _ point: [UInt8]) -> SecretBytes? {
        precondition(point.count == size)
        var accepted = false
        let shared = SecretBytes(count: size) { output in
            secretKey.withBytes { secret in
                // libsodium returns -1 exactly when the result is all zeros.
                // Cannot fail: both buffers are SecretBytes' own memory, which sodium_malloc returned
                // non-nil.
                accepted = crypto_scalarmult(
                    output.baseAddress!.assumingMemoryBound(to: UInt8.self),
                    secret.baseAddress!.assumingMemoryBound(to: UInt8.self), point) == 0
            }
        }
        return accepted ? shared : nil
    }
}
