import CSodium

/// Seals small values that live outside the log (dictionaries, batch times, projection
/// state) with XChaCha20-Poly1305 and a random nonce stored in front: `nonce ‖ ciphertext ‖ tag`.
public struct BlobSealer: Sendable {
    private static let nonceSize = Int(crypto_aead_xchacha20poly1305_ietf_NPUBBYTES)
    private static let tagSize = Int(crypto_aead_xchacha20poly1305_ietf_ABYTES)
    private let key: SecretBytes

    public init(key: SecretBytes) { self.key = key }

    public func seal(_ plaintext: [UInt8], associatedData: [UInt8]) -> [UInt8] {
        let nonce = Sodium.random(Self.nonceSize)
        var output = nonce + [UInt8](repeating: 0, count: plaintext.count + Self.tagSize)
        output.withUnsafeMutableBufferPointer { buffer in
            key.withUnsignedPointer { keyPointer in
                var written: UInt64 = 0
                // Cannot fail: `output` holds the nonce and the tag at least, never empty.
                _ = crypto_aead_xchacha20poly1305_ietf_encrypt(
                    buffer.baseAddress! + Self.nonceSize, &written, plaintext, UInt64(plaintext.count),
                    associatedData, UInt64(associatedData.count), nil, nonce, keyPointer)
            }
        }
        return output
    }

    public func open(_ sealed: [UInt8], associatedData: [UInt8]) throws(SealError) -> [UInt8] {
        guard sealed.count >= Self.nonceSize + Self.tagSize else { throw .tooShort(sealed.count) }
        let nonce = Array(sealed[0..<Self.nonceSize])
        let cipher = Array(sealed[Self.nonceSize...])
        var plaintext = [UInt8](repeating: 0, count: cipher.count - Self.tagSize)
        let status = key.withUnsignedPointer { keyPointer in
            var written: UInt64 = 0
            return crypto_aead_xchacha20poly1305_ietf_decrypt(
                &plaintext, &written, nil, cipher, UInt64(cipher.count),
                associatedData, UInt64(associatedData.count), nonce, keyPointer)
        }
        guard status == 0 else { throw .authenticationFailed }
        return plaintext
    }
}
