import LedgerCore

/// Where a projection stands: its algorithm version, how much of the log it has folded,
/// and the log's Merkle root at that size when it was known.
public struct ProjectionCheckpoint: Equatable, Sendable {
    public var version: Int
    /// The number of log events applied: the next sequence to fold.
    public var size: UInt64
    public var root: [UInt8]
    /// What binds the partitions saved with it; the store sets it.
    var partitions: PartitionBinding?

    public init(version: Int, size: UInt64, root: [UInt8]) {
        self.version = version
        self.size = size
        self.root = root
    }

    var encoded: [UInt8] {
        var writer = BinaryWriter()
        writer.varint(UInt64(version))
        writer.varint(size)
        writer.lengthPrefixed(root)
        switch partitions {
        case nil: break
        case .setDigest(let digest): writer.lengthPrefixed(digest.bytes)
        case .tree(let treeRoot):
            // An empty set digest first, so the field an earlier version read stays where it was.
            writer.lengthPrefixed([])
            writer.lengthPrefixed(treeRoot)
        }
        return writer.bytes
    }

    /// Reads what `encoded` wrote; earlier versions wrote no partition binding, then a set digest.
    init?(encoded bytes: [UInt8]) {
        var reader = BinaryReader(bytes)
        guard let version = try? reader.varint(), let size = try? reader.varint(), let root = try? reader.lengthPrefixed() else { return nil }
        self.init(version: Int(version), size: size, root: Array(root))
        guard reader.offset < bytes.count else { return }
        guard let digest = try? reader.lengthPrefixed() else { return nil }
        if digest.isEmpty {
            guard let treeRoot = try? reader.lengthPrefixed(), treeRoot.count == PartitionTree.hashSize else { return nil }
            partitions = .tree(root: Array(treeRoot))
        } else {
            guard let digest = PartitionSetDigest(Array(digest)) else { return nil }
            partitions = .setDigest(digest)
        }
    }
}

/// How a checkpoint binds the partitions saved with it.
enum PartitionBinding: Equatable, Sendable {
    /// Written by the previous version: checking it reads every partition (`PartitionSetDigest`).
    case setDigest(PartitionSetDigest)
    /// The root hash of the `PartitionTree`.
    case tree(root: [UInt8])
}
