import CSodium

/// SHA-256 over a stream, for the manifest's per-file hashes.
final class SHA256Stream {
    private let state = UnsafeMutablePointer<crypto_hash_sha256_state>.allocate(capacity: 1)

    init() { crypto_hash_sha256_init(state) }

    func update(_ bytes: UnsafeRawBufferPointer) {
        guard let base = bytes.baseAddress else { return }
        crypto_hash_sha256_update(state, base.assumingMemoryBound(to: UInt8.self), UInt64(bytes.count))
    }

    func finish() -> [UInt8] {
        var digest = [UInt8](repeating: 0, count: Int(crypto_hash_sha256_BYTES))
        crypto_hash_sha256_final(state, &digest)
        return digest
    }

    deinit { state.deallocate() }
}

extension SHA256Stream {
    /// The SHA-256 of `bytes` in one call.
    static func digest(_ bytes: [UInt8]) -> [UInt8] {
        let stream = SHA256Stream()
        bytes.withUnsafeBytes { stream.update($0) }
        return stream.finish()
    }
}
