import LedgerCrypto

/// How the previous version authenticated a view's stored partitions as a whole: the XOR of
/// each stored entry's `PartitionTree.entryHash`, kept inside the sealed checkpoint. Checking
/// it reads every partition, so it is kept only to check such a state once while it is
/// upgraded to a `PartitionTree` (and by `audit` before then).
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
        let hash = PartitionTree.entryHash(storedKey: storedKey, sealed: sealed, key: key)
        for index in 0..<Self.size { bytes[index] ^= hash[index] }
    }
}
