import CLMDB
import Foundation

/// What an attacker with the vault's files but not its key can do: edit LMDB directly.
struct VaultTampering {
    let path: String

    private func withLog<R>(readOnly: Bool, _ body: (OpaquePointer, MDB_dbi, OpaquePointer) throws -> R) throws -> R {
        var env: OpaquePointer?
        mdb_env_create(&env)
        mdb_env_set_maxdbs(env, 16)
        mdb_env_set_mapsize(env, 1 << 30)
        guard mdb_env_open(env, path, readOnly ? UInt32(MDB_RDONLY) : 0, 0o600) == 0 else { throw CLIError(message: "cannot open \(path)") }
        defer { mdb_env_close(env) }
        var txn: OpaquePointer?
        mdb_txn_begin(env, nil, readOnly ? UInt32(MDB_RDONLY) : 0, &txn)
        var dbi: MDB_dbi = 0
        guard mdb_dbi_open(txn, "log", 0, &dbi) == 0 else { throw CLIError(message: "no log database") }
        do {
            let result = try body(env!, dbi, txn!)
            guard mdb_txn_commit(txn) == 0 else { throw CLIError(message: "commit failed") }
            return result
        } catch {
            mdb_txn_abort(txn)
            throw error
        }
    }

    private static func key(_ sequence: UInt64) -> [UInt8] { withUnsafeBytes(of: sequence.bigEndian) { Array($0) } }

    func record(_ sequence: UInt64) throws -> [UInt8] {
        try withLog(readOnly: true) { _, dbi, txn in try get(txn, dbi, sequence) }
    }

    private func get(_ txn: OpaquePointer, _ dbi: MDB_dbi, _ sequence: UInt64) throws -> [UInt8] {
        var keyBytes = Self.key(sequence)
        return try keyBytes.withUnsafeMutableBytes { keyPointer in
            var key = MDB_val(mv_size: 8, mv_data: keyPointer.baseAddress)
            var value = MDB_val()
            guard mdb_get(txn, dbi, &key, &value) == 0 else { throw CLIError(message: "no record \(sequence)") }
            return Array(UnsafeRawBufferPointer(start: value.mv_data, count: value.mv_size))
        }
    }

    private func put(_ txn: OpaquePointer, _ dbi: MDB_dbi, _ sequence: UInt64, _ bytes: [UInt8]) {
        var keyBytes = Self.key(sequence)
        var valueBytes = bytes
        keyBytes.withUnsafeMutableBytes { keyPointer in
            valueBytes.withUnsafeMutableBytes { valuePointer in
                var key = MDB_val(mv_size: 8, mv_data: keyPointer.baseAddress)
                var value = MDB_val(mv_size: valuePointer.count, mv_data: valuePointer.baseAddress)
                precondition(mdb_put(txn, dbi, &key, &value, 0) == 0)
            }
        }
    }

    /// Flips one byte in the middle of a record, directly in data.mdb (found by its bytes,
    /// which are ciphertext and so occur once).
    func flipByte(ofRecord sequence: UInt64) throws {
        let target = try record(sequence)
        let file = path + "/data.mdb"
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: file)))
        guard let offset = bytes.firstRange(of: target)?.lowerBound else { throw CLIError(message: "record \(sequence) not found in data.mdb") }
        bytes[offset + target.count / 2] ^= 0x5a
        try Data(bytes).write(to: URL(fileURLWithPath: file))
    }

    func delete(_ sequence: UInt64) throws {
        try withLog(readOnly: false) { _, dbi, txn in
            var keyBytes = Self.key(sequence)
            keyBytes.withUnsafeMutableBytes { keyPointer in
                var key = MDB_val(mv_size: 8, mv_data: keyPointer.baseAddress)
                precondition(mdb_del(txn, dbi, &key, nil) == 0)
            }
        }
    }

    func swap(_ first: UInt64, _ second: UInt64) throws {
        try withLog(readOnly: false) { _, dbi, txn in
            let a = try get(txn, dbi, first)
            let b = try get(txn, dbi, second)
            put(txn, dbi, first, b)
            put(txn, dbi, second, a)
        }
    }

    /// Inserts a copy of record `source` at `position`, renumbering every later record up by one.
    func insert(copyOf source: UInt64, at position: UInt64, count: UInt64) throws {
        try withLog(readOnly: false) { _, dbi, txn in
            let copy = try get(txn, dbi, source)
            var sequence = count
            while sequence > position {
                put(txn, dbi, sequence, try get(txn, dbi, sequence - 1))
                sequence -= 1
            }
            put(txn, dbi, position, copy)
        }
    }
}
