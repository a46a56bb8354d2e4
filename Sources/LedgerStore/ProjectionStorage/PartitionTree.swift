import LedgerCrypto

/// Authenticates a view's stored partitions with a hash tree, so that a read checks only the
/// partitions it reads and a save rehashes only the branches it changes.
///
/// A partition is named by its stored key (a 16-byte keyed hash, so the tree is balanced by
/// itself) and stands in the tree as `entryHash`: a keyed hash of its stored key and the
/// random nonce its seal begins with. A fresh seal draws a fresh nonce, so a partition deleted,
/// rolled back to an older copy, or copied in from another generation no longer matches the
/// tree; without the key nobody can make it match again, and a seal spliced onto a bound nonce
/// does not open. Hashing only the nonce lets a check read one page of a large partition.
///
/// Three levels, stored beside the partitions under short keys (`nodeKey`): a leaf per first
/// two bytes of the stored key lists its partitions' entry hashes; a branch per first byte
/// lists its leaves' hashes; the root lists the branches' hashes, and its hash is kept in the
/// sealed checkpoint. A read opens three small nodes whatever the view's size.
enum PartitionTree {
    static let storedKeySize = 16
    static let hashSize = 32
    /// Every node key starts with this byte; the checkpoint's key is `[0]`, partitions' keys are 16 bytes.
    static let nodeTag: UInt8 = 1

    static let rootKey: [UInt8] = [nodeTag]
    static func branchKey(_ first: UInt8) -> [UInt8] { [nodeTag, first] }
    static func leafKey(_ first: UInt8, _ second: UInt8) -> [UInt8] { [nodeTag, first, second] }

    /// Whether a key of the view's database names a node of this tree.
    static func isNodeKey(_ key: some Collection<UInt8>) -> Bool {
        key.count >= 1 && key.count <= 3 && key.first == nodeTag
    }

    static func isPartitionKey(_ key: some Collection<UInt8>) -> Bool { key.count == storedKeySize }

    static func entryHash(storedKey: some Collection<UInt8>, sealed: some Collection<UInt8>, key: SecretBytes) -> [UInt8] {
        Hashing.blake2b(entryLabel, Array(storedKey), Array(sealed.prefix(nonceSize)), key: key, outputLength: hashSize)
    }

    /// A node's bytes: its children in increasing order, each a name then a hash.
    static func encode(_ children: [(name: [UInt8], hash: [UInt8])]) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(children.count * ((children.first?.name.count ?? 0) + hashSize))
        for child in children { bytes += child.name + child.hash }
        return bytes
    }

    /// Reads what `encode` wrote for children whose names are `nameSize` bytes; nil when malformed.
    static func decode(_ bytes: some Collection<UInt8>, nameSize: Int) -> [(name: [UInt8], hash: [UInt8])]? {
        let bytes = Array(bytes)
        let width = nameSize + hashSize
        guard bytes.count % width == 0 else { return nil }
        return stride(from: 0, to: bytes.count, by: width).map { offset in
            (Array(bytes[offset..<(offset + nameSize)]), Array(bytes[(offset + nameSize)..<(offset + width)]))
        }
    }

    /// The hash a parent keeps of a node; `level` separates leaves, branches and the root.
    static func nodeHash(_ bytes: some Collection<UInt8>, level: UInt8) -> [UInt8] {
        Hashing.blake2b(nodeLabel, [level], Array(bytes), outputLength: hashSize)
    }

    /// Every node of the tree over `entries` (stored key → entry hash), by node key, and the root's hash.
    static func build(_ entries: [[UInt8]: [UInt8]]) -> (nodes: [[UInt8]: [UInt8]], root: [UInt8]) {
        var leaves: [[UInt8]: [(name: [UInt8], hash: [UInt8])]] = [:]
        for (storedKey, hash) in entries { leaves[leafKey(storedKey[0], storedKey[1]), default: []].append((storedKey, hash)) }
        var nodes: [[UInt8]: [UInt8]] = [:]
        var branches: [UInt8: [(name: [UInt8], hash: [UInt8])]] = [:]
        for (key, children) in leaves {
            let bytes = encode(children.sorted { $0.name.lexicographicallyPrecedes($1.name) })
            nodes[key] = bytes
            branches[key[1], default: []].append(([key[2]], nodeHash(bytes, level: Level.leaf.rawValue)))
        }
        var root: [(name: [UInt8], hash: [UInt8])] = []
        for (first, children) in branches {
            let bytes = encode(children.sorted { $0.name[0] < $1.name[0] })
            nodes[branchKey(first)] = bytes
            root.append(([first], nodeHash(bytes, level: Level.branch.rawValue)))
        }
        let bytes = encode(root.sorted { $0.name[0] < $1.name[0] })
        nodes[rootKey] = bytes
        return (nodes, nodeHash(bytes, level: Level.root.rawValue))
    }

    /// Levels, for `nodeHash`, and the size of a child's name at each.
    enum Level: UInt8 {
        case leaf = 0, branch = 1, root = 2

        var nameSize: Int { self == .leaf ? storedKeySize : 1 }
    }

    private static let nonceSize = 24
    private static let entryLabel = Array("healthledger.view.partition".utf8)
    private static let nodeLabel = Array("healthledger.view.tree".utf8)
}
