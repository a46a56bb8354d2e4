public import CLMDB
import Foundation

/// Valid LMDB writes to any database of a vault's `data.mdb`: what someone with the files
/// but not the key can do to the batch table, the dedup index, blobs, views and `meta`.
extension VaultTampering {
    public func withDatabase<R>(_ name: String, write: Bool = true, _ body: (OpaquePointer, MDB_dbi) throws -> R) throws -> R {
        var env: OpaquePointer?
        mdb_env_create(&env)
        mdb_env_set_maxdbs(env, 64)
        mdb_env_set_mapsize(env, 1 << 30)
        guard mdb_env_open(env, path, write ? 0 : UInt32(MDB_RDONLY), 0o600) == 0 else { throw CLIError(message: "cannot open \(path)") }
        defer { mdb_env_close(env) }
        var txn: OpaquePointer?
        mdb_txn_begin(env, nil, write ? 0 : UInt32(MDB_RDONLY), &txn)
        var dbi: MDB_dbi = 0
        guard mdb_dbi_open(txn, name, 0, &dbi) == 0 else {
            mdb_txn_abort(txn)
            throw CLIError(message: "no database \(name)")
        }
        do {
            let result = try body(txn!, dbi)
            guard mdb_txn_commit(txn) == 0 else { throw CLIError(message: "commit failed") }
            return result
        } catch {
            mdb_txn_abort(txn)
            throw error
        }
    }

    /// Every entry of database `name`, in key order.
    public func entries(_ name: String) throws -> [(key: [UInt8], value: [UInt8])] {
        try withDatabase(name, write: false) { txn, dbi in
            var cursor: OpaquePointer?
            mdb_cursor_open(txn, dbi, &cursor)
            defer { mdb_cursor_close(cursor) }
            var entries: [(key: [UInt8], value: [UInt8])] = []
            var key = MDB_val(), value = MDB_val()
            var operation = MDB_FIRST
            while mdb_cursor_get(cursor, &key, &value, operation) == 0 {
                entries.append((Array(UnsafeRawBufferPointer(start: key.mv_data, count: key.mv_size)),
                                Array(UnsafeRawBufferPointer(start: value.mv_data, count: value.mv_size))))
                operation = MDB_NEXT
            }
            return entries
        }
    }

    /// Replaces (or adds) entries of database `name`.
    public func put(_ name: String, _ entries: [(key: [UInt8], value: [UInt8])]) throws {
        try withDatabase(name) { txn, dbi in
            for (key, value) in entries {
                var keyBytes = key, valueBytes = value
                try keyBytes.withUnsafeMutableBytes { keyPointer in
                    try valueBytes.withUnsafeMutableBytes { valuePointer in
                        var key = MDB_val(mv_size: keyPointer.count, mv_data: keyPointer.baseAddress)
                        var value = MDB_val(mv_size: valuePointer.count, mv_data: valuePointer.baseAddress)
                        guard mdb_put(txn, dbi, &key, &value, 0) == 0 else { throw CLIError(message: "mdb_put failed") }
                    }
                }
            }
        }
    }

    public func delete(_ name: String, keys: [[UInt8]]) throws {
        try withDatabase(name) { txn, dbi in
            for key in keys {
                var keyBytes = key
                try keyBytes.withUnsafeMutableBytes { keyPointer in
                    var key = MDB_val(mv_size: keyPointer.count, mv_data: keyPointer.baseAddress)
                    guard mdb_del(txn, dbi, &key, nil) == 0 else { throw CLIError(message: "mdb_del failed") }
                }
            }
        }
    }

    /// The name of the active generation of view `view` (`proj.NAME.N`).
    public func viewDatabase(_ view: String) throws -> String {
        let pointer = Array("proj.\(view)".utf8)
        guard let entry = try entries("meta").first(where: { $0.key == pointer }) else { throw CLIError(message: "no view \(view)") }
        return "proj.\(view).\(entry.value.reduce(UInt64(0)) { $0 << 8 | UInt64($1) })"
    }

    public static func bigEndian(_ value: UInt64) -> [UInt8] { withUnsafeBytes(of: value.bigEndian) { Array($0) } }
}

extension VaultTampering {
    /// Deletes database `name` itself, as a vault made before it existed lacks it.
    public func drop(_ name: String) throws {
        try withDatabase(name) { txn, dbi in
            guard mdb_drop(txn, dbi, 1) == 0 else { throw CLIError(message: "mdb_drop(\(name)) failed") }
        }
    }
}
