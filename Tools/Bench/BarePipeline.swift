import CLMDB
import CZstd
import Foundation
import LedgerCrypto

/// The physical floor of an append: dictionary zstd → seal → BLAKE2b leaf → MDB_APPEND,
/// with durable commits, and nothing else (no envelope, index, batch record or checkpoint).
struct BarePipeline {
    let records: [[UInt8]]
    let dictionary: [UInt8]
    let batchSize: Int

    /// Appends every record into a fresh environment under `directory`; returns seconds taken.
    func run(directory: String) -> Double {
        try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        var env: OpaquePointer?
        mdb_env_create(&env)
        mdb_env_set_mapsize(env, 8 << 30)
        mdb_env_set_maxdbs(env, 4)
        precondition(mdb_env_open(env, directory, UInt32(MDB_NOTLS), 0o600) == 0)
        defer { mdb_env_close(env) }
        let compression = ZSTD_createCCtx()
        defer { ZSTD_freeCCtx(compression) }
        ZSTD_CCtx_setParameter(compression, ZSTD_cParameter(rawValue: 10), 1)
        ZSTD_CCtx_setParameter(compression, ZSTD_c_contentSizeFlag, 0)
        ZSTD_CCtx_setParameter(compression, ZSTD_c_dictIDFlag, 0)
        let compressionDictionary = ZSTD_createCDict(dictionary, dictionary.count, 3)
        defer { ZSTD_freeCDict(compressionDictionary) }
        ZSTD_CCtx_refCDict(compression, compressionDictionary)
        let sealer = RecordSealer(key: .random(32), vaultID: secureRandomBytes(16))
        var compressed = [UInt8](repeating: 0, count: 4096)
        let started = Date()
        var sequence: UInt64 = 0
        var dbi: MDB_dbi = 0
        for batchStart in stride(from: 0, to: records.count, by: batchSize) {
            var txn: OpaquePointer?
            mdb_txn_begin(env, nil, 0, &txn)
            if dbi == 0 { mdb_dbi_open(txn, "log", UInt32(MDB_CREATE), &dbi) }
            let batchKey = sealer.batchKey(RecordSealer.newNoncePrefix())
            for record in records[batchStart..<min(batchStart + batchSize, records.count)] {
                let size = ZSTD_compress2(compression, &compressed, compressed.count, record, record.count)
                var sealed: [UInt8] = []
                sealed.reserveCapacity(size + RecordSealer.overhead)
                compressed.withUnsafeBytes { sealer.seal(UnsafeRawBufferPointer(rebasing: $0[0..<size]), sequence: sequence, batch: batchKey, into: &sealed) }
                _ = MerkleHasher.leaf(sealed)
                var key = sequence.bigEndian
                withUnsafeMutableBytes(of: &key) { keyBytes in
                    sealed.withUnsafeMutableBytes { valueBytes in
                        var keyVal = MDB_val(mv_size: 8, mv_data: keyBytes.baseAddress)
                        var value = MDB_val(mv_size: valueBytes.count, mv_data: valueBytes.baseAddress)
                        precondition(mdb_put(txn, dbi, &keyVal, &value, UInt32(MDB_APPEND)) == 0)
                    }
                }
                sequence += 1
            }
            precondition(mdb_txn_commit(txn) == 0)
        }
        return Date().timeIntervalSince(started)
    }
}
