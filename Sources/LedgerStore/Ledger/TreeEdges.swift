import LedgerCore
import LedgerCrypto

/// The Merkle tree's right edge at every size the vault signed, so `audit --since` rebuilds
/// the tree an older checkpoint saw without hashing the records before it.
///
/// An entry's key is a size `s` (u64 big-endian); its value is the root of the frontier's
/// last perfect subtree at that size, the one of `2^tz(s)` leaves that ends at `s`. The
/// frontier at a size is then the entries at each prefix of its bits (8, 12, 13 for 13),
/// and each signed head adds only the prefixes not stored yet — usually one. These are
/// unkeyed hashes of sealed records, like the stored frontier: they reveal sizes, which the
/// checkpoint shows anyway. They vouch for nothing alone: a frontier rebuilt from them is
/// used only once it hashes to a root the vault's key signed.
struct TreeEdges {
    let database: Database

    /// Stores the edges of `frontier` not stored yet, from its smallest subtree up: an entry
    /// already there was stored with every larger prefix of its size.
    func record(_ txn: Transaction, frontier: MerkleFrontier) throws {
        for (size, root) in Self.edges(of: frontier).reversed() {
            guard try txn.put(database, key: bigEndianBytes(size), value: root, mode: .insertOnly) else { return }
        }
    }

    /// The frontier at `size` as stored, or nil when an entry it needs is missing (a vault
    /// whose edges were never built, or a size it never signed).
    func frontier(_ txn: Transaction, at size: UInt64) throws -> MerkleFrontier? {
        var roots: [[UInt8]] = []
        for prefix in Self.prefixes(of: size) {
            guard let root = try txn.get(database, key: bigEndianBytes(prefix)), root.count == MerkleHasher.hashSize else { return nil }
            roots.append(root)
        }
        return MerkleFrontier(size: size, subtreeRoots: roots)
    }

    /// Each subtree of `frontier` as (the size at which it ends, its root), largest first.
    static func edges(of frontier: MerkleFrontier) -> [(size: UInt64, root: [UInt8])] {
        Array(zip(prefixes(of: frontier.size), frontier.subtreeRoots))
    }

    /// The sizes at which the subtrees of a tree of `size` leaves end, largest subtree first.
    static func prefixes(of size: UInt64) -> [UInt64] {
        var prefixes: [UInt64] = []
        var remaining = size
        var prefix: UInt64 = 0
        while remaining != 0 {
            let top = UInt64(1) << UInt64(63 - remaining.leadingZeroBitCount)
            prefix += top
            remaining -= top
            prefixes.append(prefix)
        }
        return prefixes
    }
}
