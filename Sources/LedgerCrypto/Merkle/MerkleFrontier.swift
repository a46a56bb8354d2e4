import LedgerCore

/// The right edge of an RFC 6962 tree: the roots of its perfect subtrees, largest first.
///
/// Appending is amortised O(1) and the root is O(log n), so the ledger keeps only this
/// (at most 64 hashes) rather than the tree, and `audit` rebuilds it from the records.
public struct MerkleFrontier: Equatable, Sendable {
    public private(set) var size: UInt64 = 0
    /// Roots of perfect subtrees, one per set bit of `size`, from the largest (leftmost).
    public private(set) var subtreeRoots: [[UInt8]] = []

    public init() {}

    public init?(size: UInt64, subtreeRoots: [[UInt8]]) {
        guard subtreeRoots.count == size.nonzeroBitCount,
              subtreeRoots.allSatisfy({ $0.count == MerkleHasher.hashSize }) else { return nil }
        self.size = size
        self.subtreeRoots = subtreeRoots
    }

    public mutating func append(leafHash: [UInt8]) {
        var carry = leafHash
        // Each trailing one bit of the old size is a subtree of the same height to merge with.
        var merges = (~size).trailingZeroBitCount
        while merges > 0 {
            carry = MerkleHasher.node(subtreeRoots.removeLast(), carry)
            merges -= 1
        }
        subtreeRoots.append(carry)
        size += 1
    }

    /// Appends a whole perfect subtree of `2^height` leaves by its root, as `2^height` calls
    /// of `append(leafHash:)` would: the size must be a multiple of `2^height`. Lets leaves be
    /// hashed into subtrees on several cores and joined here in order.
    public mutating func append(subtreeRoot: [UInt8], height: Int) {
        precondition(size % (1 << UInt64(height)) == 0, "a subtree of height \(height) cannot start at \(size)")
        var carry = subtreeRoot
        var merges = (~(size >> UInt64(height))).trailingZeroBitCount
        while merges > 0 {
            carry = MerkleHasher.node(subtreeRoots.removeLast(), carry)
            merges -= 1
        }
        subtreeRoots.append(carry)
        size += 1 << UInt64(height)
    }

    public var root: [UInt8] {
        guard var hash = subtreeRoots.last else { return MerkleHasher.emptyRoot }
        for left in subtreeRoots.dropLast().reversed() { hash = MerkleHasher.node(left, hash) }
        return hash
    }

    /// `size` (8 bytes big-endian) followed by the subtree roots.
    public var serialized: [UInt8] { bigEndianBytes(size) + subtreeRoots.flatMap { $0 } }

    public init?(serialized bytes: [UInt8]) {
        guard bytes.count >= 8 else { return nil }
        let size = bigEndianValue(bytes[0..<8])
        let hashes = stride(from: 8, to: bytes.count, by: MerkleHasher.hashSize).map {
            Array(bytes[$0..<min($0 + MerkleHasher.hashSize, bytes.count)])
        }
        self.init(size: size, subtreeRoots: hashes)
    }
}
