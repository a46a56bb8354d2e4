import CSodium
import LedgerCrypto

/// ChaCha20-Poly1305 over the payload chunks (the STREAM construction of the spec): nonce =
/// 11-byte big-endian chunk counter ‖ 0x01 for the final chunk, 0x00 before it.
struct ChunkCipher {
    private let key: SecretBytes

    /// The payload key: HKDF-SHA-256(ikm = file key, salt = payload nonce, info = "payload").
    init(fileKey: SecretBytes, payloadNonce: [UInt8]) {
        key = HKDF.deriveKey(secret: fileKey, salt: payloadNonce, info: "payload")
    }

    /// Encrypts `plaintext` into `output`, writing the tag right after the ciphertext;
    /// `output` may start at `plaintext` (libsodium encrypts in place).
    func seal(_ plaintext: UnsafeRawBufferPointer, into output: UnsafeMutableRawPointer, index: UInt64, isFinal: Bool) {
        let nonce = Self.nonce(index: index, isFinal: isFinal)
        let cipher = output.assumingMemoryBound(to: UInt8.self)
        key.withBytes { key in
            // Cannot fail: the key is SecretBytes' own memory, which sodium_malloc returned non-nil.
            _ = crypto_aead_chacha20poly1305_ietf_encrypt_detached(
                cipher, cipher + plaintext.count, nil,
                plaintext.baseAddress?.assumingMemoryBound(to: UInt8.self) ?? UnsafePointer(cipher), UInt64(plaintext.count),
                nil, 0, nil, nonce, key.baseAddress!.assumingMemoryBound(to: UInt8.self))
        }
    }

    /// Decrypts `sealed` (ciphertext then tag) into `output`; false when it does not authenticate,
    /// in which case `output` holds nothing of the chunk.
    func open(_ sealed: UnsafeRawBufferPointer, into output: UnsafeMutableRawPointer, index: UInt64, isFinal: Bool) -> Bool {
        let nonce = Self.nonce(index: index, isFinal: isFinal)
        let length = sealed.count - AgeFormat.tagSize
        // Cannot fail: a sealed chunk holds at least its tag (the reader checks the count before opening).
        let cipher = sealed.baseAddress!.assumingMemoryBound(to: UInt8.self)
        return key.withBytes { key in
            // Cannot fail: the key is SecretBytes' own memory, which sodium_malloc returned non-nil.
            crypto_aead_chacha20poly1305_ietf_decrypt_detached(
                output.assumingMemoryBound(to: UInt8.self), nil, cipher, UInt64(length), cipher + length,
                nil, 0, nonce, key.baseAddress!.assumingMemoryBound(to: UInt8.self)) == 0
        }
    }

    private static func nonce(index: UInt64, isFinal: Bool) -> [UInt8] {
        var nonce = [UInt8](repeating: 0, count: Int(crypto_aead_chacha20poly1305_ietf_NPUBBYTES))
        for byte in 0..<8 { nonce[10 - byte] = UInt8(truncatingIfNeeded: index >> (8 * UInt64(byte))) }
        nonce[11] = isFinal ? 1 : 0
        return nonce
    }
}
