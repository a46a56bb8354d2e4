import CLMDB
import Foundation

/// Valid LMDB writes to a vault's `log` database, as someone with the files but not the
/// key can make them.
struct LogDatabaseTampering {
    let vault: String

    private func write(_ body: (OpaquePointer, MDB_dbi) throws -> Void) throws {
        var environment: OpaquePointer?
        mdb_env_create(&environment)
        mdb_env_set_maxdbs(environment, 32)
        mdb_env_set_mapsize(environment, 1 << 30)
        defer { mdb_env_close(environment) }
        guard mdb_env_open(environment, vault, 0, 0o600) == 0 else { throw CLIError(message: "cannot open \(vault)") }
        var txn: OpaquePointer?
        guard mdb_txn_begin(environment, nil, 0, &txn) == 0, let txn else { throw CLIError(message: "cannot begin a transaction") }
        var database: MDB_dbi = 0
        guard mdb_dbi_open(txn, "log", 0, &database) == 0 else {
            mdb_txn_abort(txn)
            throw CLIError(message: "no log database in \(vault)")
        }
        do {
            try body(txn, database)
        } catch {
            mdb_txn_abort(txn)
            throw error
        }
        guard mdb_txn_commit(txn) == 0 else { throw CLIError(message: "commit failed") }
    }

    static func key(_ sequence: UInt64) -> [UInt8] { withUnsafeBytes(of: sequence.bigEndian) { Array($0) } }

    func delete(sequence: UInt64) throws {
        try write { txn, database in
            var key = Self.key(sequence)
            let code = key.withUnsafeMutableBytes { bytes in
                var value = MDB_val(mv_size: bytes.count, mv_data: bytes.baseAddress)
                return mdb_del(txn, database, &value, nil)
            }
            guard code == 0 else { throw CLIError(message: "no record \(sequence)") }
        }
    }

    /// Stores `value` under `key`, whatever its length.
    func put(key: [UInt8], value: [UInt8]) throws {
        try write { txn, database in
            var key = key, value = value
            let code = key.withUnsafeMutableBytes { keyBytes in
                value.withUnsafeMutableBytes { valueBytes in
                    var keyValue = MDB_val(mv_size: keyBytes.count, mv_data: keyBytes.baseAddress)
                    var data = MDB_val(mv_size: valueBytes.count, mv_data: valueBytes.baseAddress)
                    return mdb_put(txn, database, &keyValue, &data, 0)
                }
            }
            guard code == 0 else { throw CLIError(message: "mdb_put failed: \(code)") }
        }
    }
}
