import CSodium
import LedgerCrypto

/// scrypt (RFC 7914) with r = 8, p = 1, through libsodium's low-level entry point.
enum Scrypt {
    /// The 32-byte key for `passphrase` at N = 2^`logN`, or nil when libsodium cannot
    /// allocate the memory it needs (128 · r · N bytes).
    static func deriveKey(passphrase: SecretBytes, salt: [UInt8], logN: Int) -> SecretBytes? {
        var succeeded = false
        let key = SecretBytes(count: 32) { output in
            passphrase.withBytes { secret in
                // Cannot fail: both buffers are SecretBytes' own memory, which sodium_malloc returned
                // non-nil.
                succeeded = crypto_pwhash_scryptsalsa208sha256_ll(
                    secret.baseAddress!.assumingMemoryBound(to: UInt8.self), secret.count,
                    salt, salt.count, UInt64(1) << UInt64(logN), 8, 1,
                    output.baseAddress!.assumingMemoryBound(to: UInt8.self), output.count) == 0
            }
        }
        return succeeded ? key : nil
    }
}
