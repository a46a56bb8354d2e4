import LedgerCore
import LedgerCrypto

/// Where a projection stands: its algorithm version, how much of the log it has folded,
/// and the log's Merkle root at that size when it was known.
public struct ProjectionCheckpoint: Equatable, Sendable {
    public var version: Int
    /// The number of log events applied: the next sequence to fold.
    public var size: UInt64
    public var root: [UInt8]

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
        return writer.bytes
    }

    init?(encoded bytes: [UInt8]) {
        var reader = BinaryReader(bytes)
        guard let version = try? reader.varint(), let size = try? reader.varint(), let root = try? reader.lengthPrefixed() else { return nil }
        self.init(version: Int(version), size: size, root: Array(root))
    }
}

/// One projection's state in its own LMDB database: sealed partitions under keys the
/// projection chooses, and its checkpoint.
///
/// A projection lives in a numbered generation (`proj.NAME.N`); a replay builds the next
/// generation beside it and `activate` switches the pointer in one transaction, so readers
/// see the old state or the new, never a mix.
public final class ProjectionStore {
    let ledger: Ledger
    public let name: String
    let database: Database
    let generation: UInt64
    private let sealer: BlobSealer
    private static let checkpointKey: [UInt8] = [0]

    init(ledger: Ledger, name: String, generation: UInt64, database: Database) {
        self.ledger = ledger
        self.name = name
        self.generation = generation
        self.database = database
        sealer = ledger.projectionSealer
    }

    private func associatedData(_ key: [UInt8]) -> [UInt8] {
        ledger.vaultID + Array("proj:\(name):".utf8) + key
    }

    public func checkpoint() throws -> ProjectionCheckpoint? {
        try ledger.environment.read { txn in
            guard let sealed = try txn.get(database, key: Self.checkpointKey) else { return nil }
            return ProjectionCheckpoint(encoded: try sealer.open(sealed, associatedData: associatedData(Self.checkpointKey)))
        }
    }

    /// The plaintext of one partition, or nil.
    public func read(_ key: [UInt8]) throws -> [UInt8]? {
        precondition(key != Self.checkpointKey)
        return try ledger.environment.read { txn in
            guard let sealed = try txn.get(database, key: key) else { return nil }
            do {
                return try sealer.open(sealed, associatedData: associatedData(key))
            } catch {
                throw LedgerStoreError.unreadableRecord(sequence: 0, reason: "projection \(name) partition does not open (\(error)); run `healthledger replay \(name)`")
            }
        }
    }

    /// Every partition's plaintext in key order (for diffs and determinism checks).
    public func allPartitions() throws -> [(key: [UInt8], value: [UInt8])] {
        try ledger.environment.read { txn in
            var partitions: [(key: [UInt8], value: [UInt8])] = []
            let cursor = try txn.cursor(database)
            var entry = try cursor.move(.first)
            while let (key, value) = entry {
                let keyBytes = Array(key)
                if keyBytes != Self.checkpointKey {
                    partitions.append((keyBytes, try sealer.open(Array(value), associatedData: associatedData(keyBytes))))
                }
                entry = try cursor.move(.next)
            }
            return partitions
        }
    }

    /// Writes changed partitions (nil deletes) and the new checkpoint in one durable transaction.
    public func write(_ changes: [(key: [UInt8], value: [UInt8]?)], checkpoint: ProjectionCheckpoint) throws {
        try ledger.environment.write { txn in
            for change in changes {
                if let value = change.value {
                    try txn.put(database, key: change.key, value: sealer.seal(value, associatedData: associatedData(change.key)))
                } else {
                    try txn.delete(database, key: change.key)
                }
            }
            try txn.put(database, key: Self.checkpointKey, value: sealer.seal(checkpoint.encoded, associatedData: associatedData(Self.checkpointKey)))
        }
    }
}
