import Foundation
public import LedgerCore
public import LedgerCrypto
import Migrations

/// An event read back from the log, with its place in it.
public struct StoredEvent: Sendable, Hashable {
    public let sequence: UInt64
    public let event: Event
    /// The size of its sealed record in the log.
    let recordBytes: Int
}

/// An open, unlocked vault: the sealed append-only log and its indexes.
///
/// All durable state (next sequence, Merkle frontier, dictionaries) is read inside each
/// write transaction, so several processes can append to one vault safely: LMDB's
/// writer lock orders them.
public final class Ledger {
    public let directory: String
    public let header: VaultHeader
    let environment: Environment
    let databases: Databases
    let codec: RecordCodec
    /// A second decompression context, so reads decode on both cores.
    let secondaryCodec: RecordCodec
    let shelf = DictionaryShelf()
    /// Prepares batches appended from this thread, and re-compresses in the write transaction.
    let preparer: EventPreparer
    let indexHasher: IDIndexHasher
    /// Keys the store indexes (by kind, by amended id) apart from the dedup index.
    let storeIndexHasher: StoreIndexHasher
    /// The text index's codes' bits for what writes the store indexes: only inside a write
    /// transaction, which LMDB gives one thread at a time.
    let writerTextCodeBits: TextCodeBitTable
    /// Seals what the log keeps beside its records, under the record key: each batch's
    /// commit time and the compression dictionaries.
    let logMetadataSealer: BlobSealer
    let signingKey: SigningKey
    let vaultID: [UInt8]
    /// Keyed BLAKE2b for deterministic ids of imported records.
    public let idDerivationKey: SecretBytes
    /// Seals projection state, apart from the log's key.
    let projectionKey: SecretBytes
    /// Wraps each blob's own random key (see `Ledger+Blobs.swift`).
    let blobKeyWrappingKey: SecretBytes
    /// Where this machine keeps the latest checkpoint it saw signed; nil keeps none.
    public var witness: CheckpointWitness?
    /// When the dedup index's recent keys are settled; tests make it small.
    var idSettling = DedupIndex.Settling()
    /// How the short-id index groups tags into blocks and sorted runs; tests make it small.
    var shortIDLayout = ShortIDLayout()
    /// Blocks of events a run of the text index covers (`TextBlooms`); tests make it small.
    var textRunBlocks: UInt64 = 64
    /// Sequences of the events this process last found by id (`event(id:)`).
    let foundIDs = FoundIDs()
    /// The views' partition-tree nodes this process has checked (see `ProjectionStore`).
    let checkedNodesOfViews = CheckedNodesOfViews()

    /// Address space, not memory: without WRITEMAP the file grows only as it is written.
    /// Large, because growing the map remaps it, which LMDB allows only with no transaction
    /// open in the process, and a bulk import's views read while it commits (see
    /// docs/performance.md, "Ledger.defaultMapSize").
    public static let defaultMapSize = 64 << 30

    public init(directory: String, masterKey: MasterKey, mapSize: Int = Ledger.defaultMapSize) throws {
        var header = try VaultHeader.read(vault: directory)
        signingKey = SigningKey(seed: masterKey.derive(.signingSeed))
        guard constantTimeEqual(signingKey.publicKey, header.publicKeyBytes) else {
            throw LedgerStoreError.locked(.wrongSecret(.passphrase))
        }
        self.directory = directory
        vaultID = header.vaultIDBytes
        environment = try Environment(path: directory, mapSize: mapSize)
        // Vaults made by earlier versions (or copied) may have kept wider modes; best effort,
        // as a vault on read-only media must still open.
        try? VaultFiles.restrictModes(in: directory)
        // Opening creates the databases an older format lacks; see `VaultFormat`.
        databases = try Databases.open(in: environment)
        if header.format < VaultFormat.current {
            if header.format == 2 { try databases.ids.absorbFormatTwoRecentTier(environment) }
            header.format = VaultFormat.current
            try header.write(vault: directory)
        }
        self.header = header
        let recordKey = masterKey.derive(.recordSealing)
        codec = RecordCodec(sealer: RecordSealer(key: recordKey, vaultID: vaultID), shelf: shelf)
        secondaryCodec = codec.sibling()
        logMetadataSealer = BlobSealer(key: recordKey)
        indexHasher = IDIndexHasher(key: masterKey.derive(.idIndex, length: 16))
        storeIndexHasher = StoreIndexHasher(key: masterKey.derive(.storeIndexes, length: 16))
        writerTextCodeBits = TextCodeBitTable(storeIndexHasher)
        preparer = EventPreparer(codec: codec.sibling(), indexHasher: indexHasher)
        idDerivationKey = masterKey.derive(.deterministicIDs)
        projectionKey = masterKey.derive(.projectionState)
        blobKeyWrappingKey = masterKey.derive(.blobKeyWrapping)
    }

    /// The number of events in the log (the next sequence number).
    public func count() throws -> UInt64 {
        try environment.read { txn in try LedgerState.load(txn, databases).frontier.size }
    }

    /// The newest signed checkpoint, or nil for an empty vault.
    public func latestCheckpoint() throws -> SignedCheckpoint? {
        try environment.read { txn in
            guard let note = try txn.get(databases.meta, key: MetaKey.checkpoint) else { return nil }
            return try SignedCheckpoint.parse(note: String(decoding: note, as: UTF8.self), publicKey: header.publicKeyBytes)
        }
    }

    /// The checkpoint note text, as `checkpoint export` writes it.
    public func checkpointNote() throws -> String? {
        try latestCheckpoint()?.note(publicKey: header.publicKeyBytes)
    }

    func associatedData(batchStarting first: UInt64) -> [UInt8] { vaultID + Array("batch".utf8) + bigEndianBytes(first) }
    func associatedData(dictionary id: UInt8) -> [UInt8] { vaultID + Array("dict".utf8) + [id] }
}

/// The databases of a vault's LMDB environment.
struct Databases {
    /// sequence (u64 big-endian) → sealed record.
    let log: Database
    /// first sequence of a committed batch → nonce prefix ‖ sealed commit time.
    let batches: Database
    /// Keyed hash of an event id → sequence, in two tiers.
    let ids: DedupIndex
    /// frontier, checkpoint, dictionaries.
    let meta: Database
    /// Sealed images and their wrapped keys, under separate entries (see `Ledger+Blobs.swift`).
    let blobs: Database
    /// Size → root of the tree's last subtree at that size (see `TreeEdges`).
    let treeEdges: TreeEdges
    /// By kind, by amended id, running activities (see `StoreIndexes`).
    let indexes: StoreIndexes

    static func open(in environment: Environment) throws -> Databases {
        func openAll(_ txn: Transaction, create: Bool) throws -> Databases {
            let meta = try environment.database("meta", in: txn, create: create)
            return Databases(
                log: try environment.database("log", in: txn, create: create),
                batches: try environment.database("batches", in: txn, create: create),
                ids: try DedupIndex.open(environment, txn, meta: meta, create: create),
                meta: meta,
                blobs: try environment.database("blobs", in: txn, create: create),
                treeEdges: TreeEdges(database: try environment.database("treeEdges", in: txn, create: create)),
                indexes: try StoreIndexes.open(environment, txn, create: create))
        }
        do {
            let txn = try environment.beginTransaction(readOnly: true)
            let databases = try openAll(txn, create: false)
            try txn.commit()
            return databases
        } catch let error as LedgerStoreError where error.lmdbCode == LMDBError.notFound {
            return try environment.write { try openAll($0, create: true) }
        }
    }
}

enum MetaKey {
    static let frontier = Array("frontier".utf8)
    static let checkpoint = Array("checkpoint".utf8)
    static let currentDictionary = Array("dict.current".utf8)
    static let nextTraining = Array("dict.nextTraining".utf8)
    static func dictionary(_ id: UInt8) -> [UInt8] { Array("dict.".utf8) + [id] }
}

/// The durable counters a write transaction starts from.
struct LedgerState {
    var frontier: MerkleFrontier
    var currentDictionary: UInt8?
    var nextTraining: UInt64

    static let firstTraining: UInt64 = 1_000

    static func load(_ txn: Transaction, _ databases: Databases) throws -> LedgerState {
        var frontier = MerkleFrontier()
        if let bytes = try txn.get(databases.meta, key: MetaKey.frontier) {
            guard let stored = MerkleFrontier(serialized: bytes) else {
                throw LedgerStoreError.corruptHeader(path: "meta", reason: "the stored Merkle frontier is damaged")
            }
            frontier = stored
        }
        let dictionary = try txn.get(databases.meta, key: MetaKey.currentDictionary)?.first
        let next = try txn.get(databases.meta, key: MetaKey.nextTraining).map(bigEndianValue)
        return LedgerState(frontier: frontier, currentDictionary: dictionary, nextTraining: next ?? firstTraining)
    }
}
