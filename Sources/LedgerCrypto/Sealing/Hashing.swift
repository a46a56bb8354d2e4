import CSodium
public import LedgerCore

/// BLAKE2b and SipHash helpers over libsodium.
public enum Hashing {
    /// BLAKE2b with `outputLength` bytes, optionally keyed.
    public static func blake2b(_ parts: [UInt8]..., key: SecretBytes? = nil, outputLength: Int = 32) -> [UInt8] {
        withBlake2bState { state in
            if let key {
                key.withUnsignedPointer { _ = crypto_generichash_init(state, $0, key.count, outputLength) }
            } else {
                _ = crypto_generichash_init(state, nil, 0, outputLength)
            }
            for part in parts { _ = crypto_generichash_update(state, part, UInt64(part.count)) }
            var output = [UInt8](repeating: 0, count: outputLength)
            _ = crypto_generichash_final(state, &output, outputLength)
            return output
        }
    }

    public static func sha256(_ data: [UInt8]) -> [UInt8] {
        var output = [UInt8](repeating: 0, count: Int(crypto_hash_sha256_BYTES))
        _ = crypto_hash_sha256(&output, data, UInt64(data.count))
        return output
    }
}

/// Hashes event ids for the dedup index with SipHash-2-4 under a vault key, so the index
/// on disk reveals nothing about the ids without the key.
///
/// 96 of the 128 output bits are kept: a collision among 10⁸ events has probability about
/// 10⁻¹³, and 4 bytes less per entry is 4 MB less to rewrite per million events.
public struct IDIndexHasher: Sendable {
    public static let outputSize = 12
    private let key: SecretBytes

    public init(key: SecretBytes) {
        precondition(key.count >= Int(crypto_shorthash_siphashx24_KEYBYTES))
        self.key = key
    }

    /// The kept bytes as big-endian integers: the first eight, and the last four. Into two
    /// words on the stack, since every appended event is hashed.
    public func words(_ id: EventID) -> (high: UInt64, low: UInt64) {
        Self.words(of: id.withUnsafeBytes(siphash))
    }

    fileprivate static func words(of output: (UInt64, UInt64)) -> (high: UInt64, low: UInt64) {
        (UInt64(bigEndian: output.0), UInt64(bigEndian: output.1) >> (8 * (16 - Self.outputSize)))
    }

    /// Runs `body` with a hasher that holds the key's address rather than the key: two
    /// threads hashing every id of the log would otherwise both count references to the one
    /// key object, and that count's cache line would move between the cores on every id.
    public func withPinnedKey<R>(_ body: (PinnedIDIndexHasher) throws -> R) rethrows -> R {
        try key.withUnsignedPointer { try body(PinnedIDIndexHasher(key: $0)) }
    }

    /// A keyed 64-bit digest of two or three fields, for sums an audit compares: without the
    /// key, no one can choose entries that add up to the same. The fields' big-endian bytes
    /// are hashed from a tuple on the stack: the audit hashes several per event.
    public func digest(_ first: UInt64, _ second: UInt64) -> UInt64 {
        withUnsafeBytes(of: (first.bigEndian, second.bigEndian)) { siphash($0).0 }
    }

    public func digest(_ first: UInt64, _ second: UInt64, _ third: UInt64) -> UInt64 {
        withUnsafeBytes(of: (first.bigEndian, second.bigEndian, third.bigEndian)) { siphash($0).0 }
    }

    /// SipHash-2-4 with 128-bit output of `bytes` under the key, as two words in memory order.
    private func siphash(_ bytes: UnsafeRawBufferPointer) -> (UInt64, UInt64) {
        key.withUnsignedPointer { Self.siphash(bytes, key: $0) }
    }

    fileprivate static func siphash(_ bytes: UnsafeRawBufferPointer, key: UnsafePointer<UInt8>) -> (UInt64, UInt64) {
        var output: (UInt64, UInt64) = (0, 0)
        withUnsafeMutableBytes(of: &output) { output in
            // Cannot fail: the output is a 16-byte tuple's bytes, and every caller hashes an id
            // or a tuple of two or three words, never an empty buffer.
            _ = crypto_shorthash_siphashx24(
                output.baseAddress!.assumingMemoryBound(to: UInt8.self),
                bytes.baseAddress!.assumingMemoryBound(to: UInt8.self), UInt64(bytes.count), key)
        }
        return output
    }
}

/// An `IDIndexHasher` for the length of one `withPinnedKey` call, holding its key's address.
public struct PinnedIDIndexHasher {
    fileprivate let key: UnsafePointer<UInt8>

    /// The same words as `IDIndexHasher.words`.
    public func words(_ id: EventID) -> (high: UInt64, low: UInt64) {
        IDIndexHasher.words(of: id.withUnsafeBytes { IDIndexHasher.siphash($0, key: key) })
    }
}

/// Runs `body` with a BLAKE2b streaming state, which libsodium requires 64-byte aligned
/// (Swift imports the C type as opaque because of that alignment).
func withBlake2bState<R>(_ body: (OpaquePointer) -> R) -> R {
    // On the stack: the Merkle leaf hash runs for every appended event.
    withUnsafeTemporaryAllocation(byteCount: crypto_generichash_statebytes(), alignment: 64) { memory in
        // Cannot fail: the allocation is crypto_generichash_statebytes() bytes, never zero.
        defer { sodium_memzero(memory.baseAddress!, memory.count) }
        return body(OpaquePointer(memory.baseAddress!))
    }
}
