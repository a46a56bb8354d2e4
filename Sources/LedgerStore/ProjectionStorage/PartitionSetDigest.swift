import LedgerCrypto

/// Authenticates a view's stored partitions as a whole: the XOR of a keyed hash of each
/// stored entry (its stored key and the random nonce its seal begins with), kept inside the
/// sealed checkpoint. Each seal draws a fresh nonce, so an entry deleted, or copied back from
/// an older copy of the file or another generation, changes the digest; without the key
/// nobody can make the digest agree again, and a seal spliced onto a bound nonce does not
/// open. XOR lets a save update the digest from the entries it replaces, without reading the
/// rest; hashing only the nonce lets a check read one page of a large partition, not its end.
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

    private static func entryHash(storedKey: UnsafeRawBufferPointer, sealed: UnsafeRawBufferPointer, key: SecretBytes) -> [UInt8] {
        Hashing.blake2b(label, Array(storedKey), Array(sealed.prefix(nonceSize)), key: key, outputLength: size)
    }

    private static let nonceSize = 24

    private static let label = Array("healthledger.view.partition".utf8)
}
