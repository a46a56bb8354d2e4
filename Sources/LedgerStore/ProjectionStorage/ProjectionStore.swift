import CLMDB
import LedgerCore
import LedgerCrypto
import Synchronization

/// One projection's state in its own LMDB database: sealed partitions under keys the
/// projection chooses, and its checkpoint.
///
/// On disk a partition's key is a keyed BLAKE2b of the projection's key, and the real key
/// is sealed inside the value: daily metrics key partitions by date, and dates in clear
/// would tell anyone with the file on which days there is health data.
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
    /// The partition tree's nodes checked so far in this generation of the view, by any of
    /// the ledger's stores of it, so each read hashes only what is new.
    let checkedNodes: CheckedNodes
    /// The vault id and the projection's name, which bind each partition to both.
    private let associatedDataPrefix: [UInt8]
    static let checkpointKey: [UInt8] = [0]

    init(ledger: Ledger, name: String, generation: UInt64, database: Database) {
        self.ledger = ledger
        self.name = name
        self.generation = generation
        self.database = database
        checkedNodes = ledger.checkedNodesOfViews.nodes(of: name, generation: generation)
        sealer = ledger.projectionSealer
        associatedDataPrefix = ledger.vaultID + Array("proj:\(name):".utf8)
    }

    private func associatedData(_ storedKey: [UInt8]) -> [UInt8] {
        associatedDataPrefix + storedKey
    }

    /// The key a partition is stored under.
    func storedKey(_ key: [UInt8]) -> [UInt8] {
        Hashing.blake2b(Array(name.utf8), [0], key, key: ledger.projectionKey, outputLength: 16)
    }

    private func seal(_ key: [UInt8], _ value: [UInt8], storedKey: [UInt8]) -> [UInt8] {
        var plain = BinaryWriter(capacity: key.count + value.count + 4)
        plain.lengthPrefixed(key)
        plain.raw(value)
        return sealer.seal(plain.bytes, associatedData: associatedData(storedKey))
    }

    /// The real key and value inside a stored partition.
    func open(_ sealed: [UInt8], storedKey: [UInt8]) throws -> (key: [UInt8], value: [UInt8]) {
        let plain: [UInt8]
        do {
            plain = try sealer.open(sealed, associatedData: associatedData(storedKey))
        } catch {
            throw LedgerStoreError.damagedView(name: name, reason: "does not open (\(error))")
        }
        var reader = BinaryReader(plain)
        guard let key = try? reader.lengthPrefixed() else {
            throw LedgerStoreError.damagedView(name: name, reason: "is malformed")
        }
        return (Array(key), Array(plain[reader.offset...]))
    }

    /// Where the view stands, after checking that its stored state is the one its checkpoint
    /// was saved with (the root node of its `PartitionTree`: each read then checks the
    /// partitions it reads), and that the log it reflects is still this one (the root, at the
    /// log's current size). `verifying: false` only reads it, for a replay that rebuilds a
    /// damaged state anyway. `audit` checks every partition with `checkAllPartitions`.
    public func checkpoint(verifying: Bool = true) throws -> ProjectionCheckpoint? {
        try ledger.environment.read { txn in
            guard let checkpoint = try storedCheckpoint(txn) else {
                if verifying, try txn.statistics(database).ms_entries > 0 {
                    throw LedgerStoreError.damagedView(name: name, reason: "has partitions but no checkpoint (it was deleted)")
                }
                return nil
            }
            guard verifying else { return checkpoint }
            if let root = try treeRoot(of: checkpoint, txn) {
                _ = try CheckedPartitionTree(txn, database: database, name: name, checkedNodes: checkedNodes, rootHash: root)
            }
            let head = try LedgerState.load(txn, ledger.databases).frontier
            if checkpoint.size == head.size, !checkpoint.root.isEmpty, checkpoint.root != head.root {
                throw LedgerStoreError.damagedView(name: name, reason: "was folded from another log than this one (its root at \(head.size) events differs)")
            }
            return checkpoint
        }
    }

    /// Whether the stored checkpoint was saved by an earlier version, with no partition
    /// digest to check the state against.
    public func savedWithoutDigest() throws -> Bool {
        try ledger.environment.read { txn in try storedCheckpoint(txn).map { $0.partitions == nil } ?? false }
    }

    func storedCheckpoint(_ txn: Transaction) throws -> ProjectionCheckpoint? {
        guard let sealed = try txn.get(database, key: Self.checkpointKey) else { return nil }
        guard let checkpoint = ProjectionCheckpoint(encoded: try open(sealed, storedKey: Self.checkpointKey).value) else {
            throw LedgerStoreError.damagedView(name: name, reason: "has a malformed checkpoint")
        }
        return checkpoint
    }

    /// The plaintext of one partition, or nil, after checking that the tree holds exactly
    /// this copy of it (or holds none when there is none). Counted once, found or missed: a
    /// miss costs the same walk down the tree.
    public func read(_ key: [UInt8]) throws -> [UInt8]? {
        let stored = storedKey(key)
        ReadStatistics.partitionsOpened.wrappingAdd(1, ordering: .relaxed)
        return try ledger.environment.read { txn in
            // Through a cursor, which lets go of what the read mapped: a view catching up reads
            // partitions from all over the file, misses included, with no warden watching.
            let sealed = try stored.withUnsafeBytes { try txn.cursor(database).seek(exactly: $0).map { Array($0.value) } }
            try checkMembership(txn, storedKey: stored, sealed: sealed)
            guard let sealed else { return nil }
            let partition = try open(sealed, storedKey: stored)
            guard partition.key == key else {
                throw LedgerStoreError.damagedView(name: name, reason: "holds another partition under this key")
            }
            return partition.value
        }
    }

    /// Every partition's plaintext, in the order of the projection's keys (for diffs and
    /// determinism checks).
    public func allPartitions() throws -> [(key: [UInt8], value: [UInt8])] {
        let partitions = try ledger.environment.read { txn in
            var partitions: [(key: [UInt8], value: [UInt8])] = []
            // Opened on every core a run at a time, so that no sealed copy of the whole state is
            // held; the cursor lets go of what the walk mapped, as a whole-log scan's does.
            var run: [(storedKey: [UInt8], value: [UInt8])] = []
            var runBytes = 0
            func openRun() throws {
                partitions += try parallelMap(run.count) { try open(run[$0].value, storedKey: run[$0].storedKey) }
                run.removeAll(keepingCapacity: true)
                runBytes = 0
            }
            let cursor = try txn.cursor(database)
            var entry = try cursor.move(.first)
            while let (key, value) = entry {
                let stored = Array(key)
                if PartitionTree.isPartitionKey(stored) {
                    ReadStatistics.partitionsOpened.wrappingAdd(1, ordering: .relaxed)
                    run.append((stored, Array(value)))
                    runBytes += value.count
                }
                if run.count == Self.sealedAtOnce || runBytes >= Self.bytesAtOnce { try openRun() }
                entry = try cursor.move(.next)
            }
            try openRun()
            return partitions
        }
        return partitions.sorted { $0.key.lexicographicallyPrecedes($1.key) }
    }

    /// Writes changed partitions (nil deletes) and the new checkpoint in one durable
    /// transaction, rehashing only the tree's branches they are in. A partition replaced must
    /// be the copy the tree holds, so a save never covers up what was tampered with.
    public func write(_ changes: [(key: [UInt8], value: [UInt8]?)], checkpoint: ProjectionCheckpoint) throws {
        _ = try save(changes, checkpoint: checkpoint) { _ in true }
    }

    /// The same, only if the stored checkpoint is still `expected` (nil: none stored yet) when
    /// the write transaction begins; returns the checkpoint saved, or nil, writing nothing,
    /// when another writer saved first.
    ///
    /// A fold reads its partitions as it goes, each in its own read transaction: if another
    /// process saved the view meanwhile, some of them already hold the events this fold
    /// applies again. The checkpoint (its tree root changes with every save) tells,
    /// inside the one transaction LMDB lets write at a time.
    public func write(
        _ changes: [(key: [UInt8], value: [UInt8]?)], checkpoint: ProjectionCheckpoint, over expected: ProjectionCheckpoint?
    ) throws -> ProjectionCheckpoint? {
        try save(changes, checkpoint: checkpoint) { $0 == expected }
    }

    private func save(
        _ changes: [(key: [UInt8], value: [UInt8]?)], checkpoint: ProjectionCheckpoint, if stillCurrent: (ProjectionCheckpoint?) -> Bool
    ) throws -> ProjectionCheckpoint? {
        try ledger.environment.write { txn in try save(changes, checkpoint: checkpoint, in: txn, if: stillCurrent) }
    }

    /// `write(_:checkpoint:over:)` inside `txn`, which other saves share (`Ledger.save(_:)`).
    func write(
        _ changes: [(key: [UInt8], value: [UInt8]?)], checkpoint: ProjectionCheckpoint, over expected: ProjectionCheckpoint?, in txn: Transaction
    ) throws -> ProjectionCheckpoint? {
        try save(changes, checkpoint: checkpoint, in: txn) { $0 == expected }
    }

    private func save(
        _ changes: [(key: [UInt8], value: [UInt8]?)], checkpoint: ProjectionCheckpoint, in txn: Transaction,
        if stillCurrent: (ProjectionCheckpoint?) -> Bool
    ) throws -> ProjectionCheckpoint? {
        guard stillCurrent(try storedCheckpoint(txn)) else { return nil }
        var tree = try treeForSaving(txn)
        // Stored keys are keyed hashes, so a large save touches pages all over the file:
        // the cursor lets go of them as the save goes.
        let cursor = try txn.cursor(database)
        // In stored-key order, so that a leaf is done with once the save moves past it.
        let ordered = changes.map { (stored: storedKey($0.key), change: $0) }.enumerated()
            .sorted { $0.element.stored.lexicographicallyPrecedes($1.element.stored) || ($0.element.stored == $1.element.stored && $0.offset < $1.offset) }
        var leaf: UInt16?
        for (stored, change) in ordered.map(\.element) {
            if let leaf, leaf != CheckedPartitionTree.leafID(stored) { try tree.writeLeaves(txn) }
            leaf = CheckedPartitionTree.leafID(stored)
            let held = try tree.entryHash(txn, of: stored)
            let entryHash: [UInt8]? = try stored.withUnsafeBytes { storedBytes in
                // The cursor stays on the entry, so the put or delete after it need not search again.
                let old = try cursor.seek(exactly: storedBytes)
                guard old.map({ PartitionTree.entryHash(storedKey: storedBytes, sealed: $0.value, key: ledger.projectionKey) }) == held else {
                    throw CheckedPartitionTree.mismatch(name)
                }
                guard let value = change.value else {
                    if old != nil { try cursor.deleteCurrent() }
                    return nil
                }
                let sealed = seal(change.key, value, storedKey: stored)
                try sealed.withUnsafeBytes { try cursor.put(key: storedBytes, value: $0) }
                return PartitionTree.entryHash(storedKey: stored, sealed: sealed, key: ledger.projectionKey)
            }
            try tree.set(txn, stored, entryHash: entryHash)
        }
        var bound = checkpoint
        bound.partitions = .tree(root: try tree.save(txn))
        try putCheckpoint(bound, txn)
        return bound
    }

    /// Partitions sealed or opened at a time, and their bytes: a share for every core, and
    /// little held or mapped at once, however large the partitions.
    static let sealedAtOnce = 4_096
    static let bytesAtOnce = 1 << 20

    func putCheckpoint(_ checkpoint: ProjectionCheckpoint, _ txn: Transaction) throws {
        let plain = [UInt8(0)] + checkpoint.encoded
        try txn.put(database, key: Self.checkpointKey, value: sealer.seal(plain, associatedData: associatedData(Self.checkpointKey)))
    }
}
