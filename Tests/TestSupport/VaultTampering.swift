import CLMDB
import Foundation

/// What an attacker with the vault's files but not its key can do: edit LMDB directly.
public struct VaultTampering {
    public let path: String

    public init(path: String) { self.path = path }

    private static let log = "log"

    public func record(_ sequence: UInt64) throws -> [UInt8] {
        try withDatabase(Self.log, write: false) { txn, dbi in try get(txn, dbi, sequence) }
    }

    private func get(_ txn: OpaquePointer, _ dbi: MDB_dbi, _ sequence: UInt64) throws -> [UInt8] {
        var keyBytes = Self.bigEndian(sequence)
        return try keyBytes.withUnsafeMutableBytes { keyPointer in
            var key = MDB_val(mv_size: 8, mv_data: keyPointer.baseAddress)
            var value = MDB_val()
            guard mdb_get(txn, dbi, &key, &value) == 0 else { throw CLIError(message: "no record \(sequence)") }
            return Array(UnsafeRawBufferPointer(start: value.mv_data, count: value.mv_size))
        }
    }

    private func put(_ txn: OpaquePointer, _ dbi: MDB_dbi, _ sequence: UInt64, _ bytes: [UInt8]) {
        var keyBytes = Self.bigEndian(sequence)
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
    public func flipByte(ofRecord sequence: UInt64) throws {
        let target = try record(sequence)
        let file = path + "/data.mdb"
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: file)))
        // Every copy: pages an earlier transaction replaced may still hold the record's bytes,
        // before the page the log reads now.
        let copies = bytes.ranges(of: target)
        guard !copies.isEmpty else { throw CLIError(message: "record \(sequence) not found in data.mdb") }
        for copy in copies { bytes[copy.lowerBound + target.count / 2] ^= 0x5a }
        try Data(bytes).write(to: URL(fileURLWithPath: file))
    }

    public func delete(_ sequence: UInt64) throws {
        try delete(Self.log, keys: [Self.bigEndian(sequence)])
    }

    public func swap(_ first: UInt64, _ second: UInt64) throws {
        try withDatabase(Self.log) { txn, dbi in
            let a = try get(txn, dbi, first)
            let b = try get(txn, dbi, second)
            put(txn, dbi, first, b)
            put(txn, dbi, second, a)
        }
    }

    /// Inserts a copy of record `source` at `position`, renumbering every later record up by one.
    public func insert(copyOf source: UInt64, at position: UInt64, count: UInt64) throws {
        try withDatabase(Self.log) { txn, dbi in
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
