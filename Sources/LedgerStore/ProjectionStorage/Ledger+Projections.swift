import CLMDB
public import LedgerCore
import LedgerCrypto

extension Ledger {
    private static func pointerKey(_ name: String) -> [UInt8] { Array("proj.\(name)".utf8) }

    private static func databaseName(_ name: String, _ generation: UInt64) -> String { "proj.\(name).\(generation)" }

    /// The active state of projection `name` (created empty on first use).
    public func projectionStore(_ name: String) throws -> ProjectionStore {
        let generation = try environment.read { txn in
            try txn.get(databases.meta, key: Self.pointerKey(name)) { sequenceNumber($0) } ?? nil
        }
        if let generation {
            let txn = try environment.beginTransaction(readOnly: true)
            let database = try environment.database(Self.databaseName(name, generation), in: txn, create: false)
            try txn.commit()
            return ProjectionStore(ledger: self, name: name, generation: generation, database: database)
        }
        return try environment.write { txn in
            let database = try environment.database(Self.databaseName(name, 1), in: txn, create: true)
            try txn.put(databases.meta, key: Self.pointerKey(name), value: bigEndianBytes(1))
            return ProjectionStore(ledger: self, name: name, generation: 1, database: database)
        }
    }

    /// An empty next generation beside `active`, for a replay to fill.
    public func shadowStore(after active: ProjectionStore) throws -> ProjectionStore {
        let generation = active.generation + 1
        let database = try environment.write { txn in
            let database = try environment.database(Self.databaseName(active.name, generation), in: txn, create: true)
            try drop(database, txn, deletingIt: false)
            return database
        }
        return ProjectionStore(ledger: self, name: active.name, generation: generation, database: database)
    }

    /// Makes `shadow` the active state and deletes the one it replaces, in one transaction,
    /// if both are still what the caller left them: `active` the state in use and `shadow`
    /// holding the checkpoint `filled` the caller saved last. A replay fills its shadow over
    /// many transactions; another replay started meanwhile would have emptied it.
    public func activate(_ shadow: ProjectionStore, filled: ProjectionCheckpoint?, replacing active: ProjectionStore) throws {
        try environment.write { txn in
            let inUse = try txn.get(databases.meta, key: Self.pointerKey(shadow.name)) { sequenceNumber($0) } ?? nil
            guard inUse == active.generation, try shadow.storedCheckpoint(txn) == filled else {
                throw LedgerStoreError.replayedConcurrently(name: shadow.name)
            }
            try txn.put(databases.meta, key: Self.pointerKey(shadow.name), value: bigEndianBytes(shadow.generation))
            try drop(active.database, txn, deletingIt: true)
        }
    }

    /// Deletes a shadow a dry run filled, leaving the active state as it was.
    public func discard(_ shadow: ProjectionStore) throws {
        try environment.write { txn in try drop(shadow.database, txn, deletingIt: true) }
    }

    /// Empties a generation's database, and with `deletingIt` deletes it too.
    ///
    /// Entry by entry through a cursor, not by `mdb_drop` alone: that reads the first page of
    /// each overflow value for its length, inside LMDB, and each of those faults maps the
    /// pages around it with nothing to let go of them; a warden thread looking from outside
    /// is late whenever the machine is busy. The cursor's allowance lets go as it goes.
    func drop(_ database: Database, _ txn: Transaction, deletingIt: Bool) throws {
        try deleteEveryEntry(database, txn)
        try lmdb(mdb_drop(txn.handle, database.handle, deletingIt ? 1 : 0), "mdb_drop(\(database.name))")
    }

    /// The cursor is closed on return, before its database may be.
    private func deleteEveryEntry(_ database: Database, _ txn: Transaction) throws {
        let cursor = try txn.cursor(database)
        while try cursor.move(.first) != nil { try cursor.deleteCurrent() }
    }

    var projectionSealer: BlobSealer { BlobSealer(key: projectionKey) }

    /// The log size at a recorded time: how many events had been committed by `time`.
    public func size(recordedAtOrBefore time: Timestamp) throws -> UInt64 {
        try environment.read { txn in
            let cursor = try txn.cursor(databases.batches)
            var entry = try cursor.move(.first)
            while let (key, value) = entry {
                guard let first = sequenceNumber(key), let batch = BatchInfo(first: first, value: value) else { break }
                if try commitTime(of: batch) > time { return first }
                entry = try cursor.move(.next)
            }
            return try LedgerState.load(txn, databases).frontier.size
        }
    }

    /// The log's current size and Merkle root.
    public func head() throws -> (size: UInt64, root: [UInt8]) {
        try environment.read { txn in
            let frontier = try LedgerState.load(txn, databases).frontier
            return (frontier.size, frontier.root)
        }
    }
}
