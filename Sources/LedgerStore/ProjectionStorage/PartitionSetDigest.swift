import LedgerCrypto

/// Authenticates a view's stored partitions as a whole: the XOR of a keyed hash of each
/// stored entry (its stored key and the nonce and tag of its seal), kept inside the sealed
/// checkpoint. Each seal has a fresh random nonce, so an entry deleted, or copied back from
/// an older copy of the file or another generation, changes the digest; without the key
/// nobody can make the digest agree again. XOR lets a save update it from the entries it
/// replaces, without reading the rest.
struct PartitionSetDigest: Equatable, Sendable {
    static let size = 32
    private(set) var bytes = [UInt8](repeating: 0, count: size)

    init() {}

    init?(_ bytes: [UInt8]) {
        guard bytes.count == Self.size else { return nil }
        self.bytes = bytes
    }

    /// Adds an entry to the set, or takes it out if it is in.
    mutating func toggle(storedKey: UnsafeRawBufferPointer, sealed: UnsafeRawBufferPointer, key: SecretBytes) {
        let hash = Self.entryHash(storedKey: storedKey, sealed: sealed, key: key)
        for index in 0..<Self.size { bytes[index] ^= hash[index] }
    }

    /// Hashes only the seal's nonce (its first 24 bytes) and tag (its last 16): the tag
    /// authenticates the rest, and a large partition's middle pages need not be read.
    private static func entryHash(storedKey: UnsafeRawBufferPointer, sealed: UnsafeRawBufferPointer, key: SecretBytes) -> [UInt8] {
        let ends = sealed.count >= 40 ? Array(sealed.prefix(24)) + Array(sealed.suffix(16)) : Array(sealed)
        return Hashing.blake2b(label, Array(storedKey), ends, key: key, outputLength: size)
    }

    private static let label = Array("healthledger.view.partition".utf8)
}
