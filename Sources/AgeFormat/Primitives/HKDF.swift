import CSodium
import LedgerCrypto

/// HKDF-SHA-256 (RFC 5869) over libsodium's HMAC-SHA-256, producing the single 32-byte
/// block every age key derivation asks for.
enum HKDF {
    static let outputSize = Int(crypto_auth_hmacsha256_BYTES)

    static func deriveKey(secret: UnsafeRawBufferPointer, salt: [UInt8], info: String) -> SecretBytes {
        let pseudoRandomKey = SecretBytes(count: outputSize) { output in
            salt.withUnsafeBytes { saltBytes in hmac(key: saltBytes, parts: [secret], into: output) }
        }
        return SecretBytes(count: outputSize) { output in
            pseudoRandomKey.withBytes { key in
                // One expand block: T(1) = HMAC(PRK, info || 0x01).
                Array(info.utf8).withUnsafeBytes { infoBytes in
                    [UInt8(1)].withUnsafeBytes { counter in hmac(key: key, parts: [infoBytes, counter], into: output) }
                }
            }
        }
    }

    static func deriveKey(secret: SecretBytes, salt: [UInt8], info: String) -> SecretBytes {
        secret.withBytes { deriveKey(secret: $0, salt: salt, info: info) }
    }

    /// HMAC-SHA-256 of the concatenated `parts` under a key of any length.
    static func hmac(key: UnsafeRawBufferPointer, parts: [UnsafeRawBufferPointer], into output: UnsafeMutableRawBufferPointer) {
        precondition(output.count == outputSize)
        guard key.count > 0 else {
            // HMAC pads its key with zeros, so one zero byte is the empty key (the header MAC's
            // salt) with a pointer libsodium can take.
            return [UInt8(0)].withUnsafeBytes { hmac(key: $0, parts: parts, into: output) }
        }
        var state = crypto_auth_hmacsha256_state()
        // Cannot fail: the bytes of a non-empty C struct.
        defer { withUnsafeMutableBytes(of: &state) { sodium_memzero($0.baseAddress!, $0.count) } }
        // Cannot fail: an empty key took the branch above.
        _ = crypto_auth_hmacsha256_init(&state, key.baseAddress!.assumingMemoryBound(to: UInt8.self), key.count)
        for part in parts where part.count > 0 {
            // Cannot fail: only parts that are not empty are hashed.
            _ = crypto_auth_hmacsha256_update(&state, part.baseAddress!.assumingMemoryBound(to: UInt8.self), UInt64(part.count))
        }
        // Cannot fail: `output` is `outputSize` bytes (the precondition above).
        _ = crypto_auth_hmacsha256_final(&state, output.baseAddress!.assumingMemoryBound(to: UInt8.self))
    }
}
