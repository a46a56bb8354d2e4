import CLMDB
import LedgerCore

/// An LMDB transaction. Not Sendable: LMDB write transactions belong to one thread.
final class Transaction {
    let handle: OpaquePointer
    let environment: Environment
    private var finished = false
    /// A write transaction's lookups and puts step one, as cursors do theirs: a bulk commit's
    /// store-index lookups and puts each map their path down a tree, and no cursor is there
    /// to let go of those pages.
    private var allowance: MappedPageAllowance?

    init(handle: OpaquePointer, environment: Environment, writing: Bool) {
        self.handle = handle
        self.environment = environment
        allowance = writing ? MappedPageAllowance(environment) : nil
    }

    deinit {
        if !finished { mdb_txn_abort(handle) }
        allowance?.finish()
    }

    func commit() throws {
        finished = true
        let status = mdb_txn_commit(handle)
        // LMDB reports a write cut short as EIO; on a disk with no room left it is ENOSPC.
        if status == SystemCallFailure.inputOutput.code, environment.freeBytes.map({ $0 < Environment.nearlyFull }) == true {
            throw LedgerStoreError.lmdb(LMDBError(code: SystemCallFailure.noSpace.code, call: "mdb_txn_commit"))
        }
        try lmdb(status, "mdb_txn_commit")
    }

    func abort() {
        guard !finished else { return }
        finished = true
        mdb_txn_abort(handle)
    }

    /// The value under `key`, copied out of the map, or nil.
    func get(_ database: Database, key: [UInt8]) throws -> [UInt8]? {
        try get(database, key: key) { Array($0) }
    }

    /// Runs `body` on the value in place (valid only during the call).
    func get<R>(
        _ database: Database, key: [UInt8], _ body: (UnsafeRawBufferPointer) throws -> R
    ) throws -> R? {
        try key.withUnsafeBytes { try get(database, key: $0, body) }
    }

    /// Runs `body` on the value under `key` in place (valid only during the call), or returns nil.
    func get<R>(
        _ database: Database, key: UnsafeRawBufferPointer, _ body: (UnsafeRawBufferPointer) throws -> R
    ) throws -> R? {
        var keyVal = MDB_val(mv_size: key.count, mv_data: UnsafeMutableRawPointer(mutating: key.baseAddress))
        var value = MDB_val()
        allowance?.step()
        let status = mdb_get(handle, database.handle, &keyVal, &value)
        if status == LMDBError.notFound { return nil }
        try lmdb(status, "mdb_get(\(database.name))")
        return try body(UnsafeRawBufferPointer(start: value.mv_data, count: value.mv_size))
    }

    /// The database's entry and page counts.
    func statistics(_ database: Database) throws -> MDB_stat {
        var stat = MDB_stat()
        try lmdb(mdb_stat(handle, database.handle, &stat), "mdb_stat(\(database.name))")
        return stat
    }

    enum PutMode {
        case replace
        /// Fails with `.keyExists` when the key is present (MDB_NOOVERWRITE).
        case insertOnly
        /// Keys arrive in increasing order: LMDB fills pages fully (MDB_APPEND).
        case append
    }

    /// Stores `value` under `key`; returns false if `insertOnly` found the key already there.
    @discardableResult
    func put(
        _ database: Database, key: UnsafeRawBufferPointer, value: UnsafeRawBufferPointer, mode: PutMode = .replace
    ) throws -> Bool {
        var keyVal = MDB_val(mv_size: key.count, mv_data: UnsafeMutableRawPointer(mutating: key.baseAddress))
        var valueVal = MDB_val(mv_size: value.count, mv_data: UnsafeMutableRawPointer(mutating: value.baseAddress))
        let flags: UInt32 = switch mode {
        case .replace: 0
        case .insertOnly: UInt32(MDB_NOOVERWRITE)
        case .append: UInt32(MDB_APPEND)
        }
        allowance?.step()
        let status = mdb_put(handle, database.handle, &keyVal, &valueVal, flags)
        if mode == .insertOnly, status == LMDBError.keyExists { return false }
        try lmdb(status, "mdb_put(\(database.name))")
        return true
    }

    @discardableResult
    func put(_ database: Database, key: [UInt8], value: [UInt8], mode: PutMode = .replace) throws -> Bool {
        try key.withUnsafeBytes { (keyBytes) throws in
            try value.withUnsafeBytes { (valueBytes) throws in
                try put(database, key: keyBytes, value: valueBytes, mode: mode)
            }
        }
    }

    func delete(_ database: Database, key: [UInt8]) throws {
        try key.withUnsafeBytes { try delete(database, key: $0) }
    }

    /// Deletes the entry under `key`, if there is one.
    func delete(_ database: Database, key: UnsafeRawBufferPointer) throws {
        var keyVal = MDB_val(mv_size: key.count, mv_data: UnsafeMutableRawPointer(mutating: key.baseAddress))
        allowance?.step()
        let status = mdb_del(handle, database.handle, &keyVal, nil)
        if status == LMDBError.notFound { return }
        try lmdb(status, "mdb_del(\(database.name))")
    }

    func cursor(_ database: Database) throws -> Cursor {
        var cursor: OpaquePointer?
        try lmdb(mdb_cursor_open(handle, database.handle, &cursor), "mdb_cursor_open(\(database.name))")
        // Cannot fail: mdb_cursor_open succeeded (lmdb throws otherwise), so it set the handle
        return Cursor(handle: cursor!, transaction: self)
    }
}

@available(*, unavailable)
extension Transaction: Sendable {}
