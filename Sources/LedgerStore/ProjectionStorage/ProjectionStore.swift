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
    /// The vault id and the projection's name, which bind each partition to both.
    private let associatedDataPrefix: [UInt8]
    private static let checkpointKey: [UInt8] = [0]

    init(ledger: Ledger, name: String, generation: UInt64, database: Database) {
        self.ledger = ledger
        self.name = name
        self.generation = generation
        self.database = database
        sealer = ledger.projectionSealer
        associatedDataPrefix = ledger.vaultID + Array("proj:\(name):".utf8)
    }

    private func associatedData(_ storedKey: [UInt8]) -> [UInt8] {
        associatedDataPrefix + storedKey
    }

    /// The key a partition is stored under.
    private func storedKey(_ key: [UInt8]) -> [UInt8] {
        Hashing.blake2b(Array(name.utf8), [0], key, key: ledger.projectionKey, outputLength: 16)
    }

    private func seal(_ key: [UInt8], _ value: [UInt8], storedKey: [UInt8]) -> [UInt8] {
        var plain = BinaryWriter(capacity: key.count + value.count + 4)
        plain.lengthPrefixed(key)
        plain.raw(value)
        return sealer.seal(plain.bytes, associatedData: associatedData(storedKey))
    }

    /// The real key and value inside a stored partition.
    private func open(_ sealed: [UInt8], storedKey: [UInt8]) throws -> (key: [UInt8], value: [UInt8]) {
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

    public func checkpoint() throws -> ProjectionCheckpoint? {
        try ledger.environment.read { txn in
            guard let sealed = try txn.get(database, key: Self.checkpointKey) else { return nil }
            return ProjectionCheckpoint(encoded: try open(sealed, storedKey: Self.checkpointKey).value)
        }
    }

    /// The plaintext of one partition, or nil.
    public func read(_ key: [UInt8]) throws -> [UInt8]? {
        let stored = storedKey(key)
        return try ledger.environment.read { txn in
            // A view catching up reads partitions from all over the file, with no bulk
            // append's warden watching. Looked at after misses too: a view folded into a new
            // vault mostly looks for partitions not yet written, and each miss still maps its
            // path down the tree (up to a 2 MB folio a page where the pages were just
            // written), which mapped 55 MB between two of the warden's looks. Measured only
            // when this read took faults (counting them costs a quarter of reading statm): a
            // day's metrics read a hundred-odd partitions, mostly misses on pages already mapped.
            let faults = MappedPageAllowance.threadFaults()
            defer { if MappedPageAllowance.threadFaults() != faults { ledger.environment.releaseMappedPagesIfDue() } }
            guard let sealed = try txn.get(database, key: stored) else { return nil }
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
            // held, and what the walk mapped let go of after each run, as a whole-log scan does:
            // a 2M-record vault's daily metrics are hundreds of MB of the file.
            var run: [(storedKey: [UInt8], value: [UInt8])] = []
            var runBytes = 0
            func openRun() throws {
                partitions += try parallelMap(run.count) { try open(run[$0].value, storedKey: run[$0].storedKey) }
                run.removeAll(keepingCapacity: true)
                runBytes = 0
                ledger.environment.releaseMappedPagesIfDue()
            }
            let cursor = try txn.cursor(database)
            var entry = try cursor.move(.first)
            while let (key, value) = entry {
                let stored = Array(key)
                if stored != Self.checkpointKey {
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

    /// Writes changed partitions (nil deletes) and the new checkpoint in one durable transaction.
    public func write(_ changes: [(key: [UInt8], value: [UInt8]?)], checkpoint: ProjectionCheckpoint) throws {
        try ledger.environment.write { txn in
            // Stored keys are keyed hashes, so a large save touches pages all over the
            // file, each fault mapping a whole folio: let go of them as the save goes
            // (saves mapped 50–60 MB of the file on a 2M-record import). Measured after a
            // few faults rather than per change: reading statm per change was 7 % of a replay.
            var allowance = MappedPageAllowance(ledger.environment)
            for change in changes {
                allowance.step()
                let stored = storedKey(change.key)
                if let value = change.value {
                    try txn.put(database, key: stored, value: seal(change.key, value, storedKey: stored))
                } else {
                    try txn.delete(database, key: stored)
                }
            }
            try putCheckpoint(checkpoint, txn)
        }
        ledger.environment.releaseMappedPagesIfDue()
    }

    /// Fills this store's empty database with `partitions` and the checkpoint in one durable
    /// transaction: a replay's whole new state. Appended in stored-key order, so LMDB fills
    /// its pages in turn instead of splitting them at random keys; sealed on every core while
    /// the caller waits, a run at a time, so that no sealed copy of the whole state is held.
    public func fill(_ partitions: [(key: [UInt8], value: [UInt8])], checkpoint: ProjectionCheckpoint) throws {
        let storedKeys = parallelMap(partitions.count) { storedKey(partitions[$0].key) }
        let order = storedKeys.indices.sorted { storedKeys[$0].lexicographicallyPrecedes(storedKeys[$1]) }
        try ledger.environment.write { txn in
            var allowance = MappedPageAllowance(ledger.environment)
            var end = 0
            while end < order.count {
                let first = end
                var bytes = 0
                while end < order.count, end - first < Self.sealedAtOnce, bytes < Self.bytesAtOnce {
                    bytes += partitions[order[end]].value.count
                    end += 1
                }
                let run = order[first..<end]
                let sealed = parallelMap(run.count) { offset in
                    let index = run[run.startIndex + offset]
                    return seal(partitions[index].key, partitions[index].value, storedKey: storedKeys[index])
                }
                for (index, value) in zip(run, sealed) {
                    allowance.step()
                    try txn.put(database, key: storedKeys[index], value: value, mode: .append)
                }
            }
            try putCheckpoint(checkpoint, txn)
        }
        ledger.environment.releaseMappedPagesIfDue()
    }

    /// Partitions sealed or opened at a time, and their bytes: a share for every core, and
    /// little held or mapped at once, however large the partitions.
    private static let sealedAtOnce = 4_096
    private static let bytesAtOnce = 1 << 20

    private func putCheckpoint(_ checkpoint: ProjectionCheckpoint, _ txn: Transaction) throws {
        let plain = [UInt8(0)] + checkpoint.encoded
        try txn.put(database, key: Self.checkpointKey, value: sealer.seal(plain, associatedData: associatedData(Self.checkpointKey)))
    }
}
