// On Linux the compiler counts `struct stat` and its fields, as this module sees them, as
// members of libdispatch's C module rather than Glibc, so MemberImportVisibility asks for it.
import CDispatch
import CLMDB
import Foundation
import Glibc

/// An LMDB environment: one memory-mapped file with named databases.
///
/// Opened durable (no NOSYNC, never WRITEMAP, which turns a full disk into SIGBUS) and
/// with NOTLS, so read transactions are not tied to the thread that began them.
final class Environment {
    let handle: OpaquePointer
    let path: String
    private(set) var mapSize: Int

    static let maxDatabases: UInt32 = 64

    /// The memory policy for the pages of the data file this process maps.
    let memory: MemoryPolicy

    init(path: String, mapSize: Int, readOnly: Bool = false) throws {
        var env: OpaquePointer?
        try lmdb(mdb_env_create(&env), "mdb_env_create")
        // Cannot fail: mdb_env_create succeeded (lmdb throws otherwise), so it set the handle
        handle = env!
        self.path = path
        self.mapSize = mapSize
        memory = MemoryPolicy(directory: path)
        // Every property is set: if a step below throws, deinit closes the handle.
        try lmdb(mdb_env_set_maxdbs(handle, Self.maxDatabases), "mdb_env_set_maxdbs")
        try lmdb(mdb_env_set_mapsize(handle, mapSize), "mdb_env_set_mapsize")
        try lmdb(mdb_env_set_maxreaders(handle, 126), "mdb_env_set_maxreaders")
        try Self.checkNotTruncated(path: path)
        let flags = UInt32(MDB_NOTLS) | (readOnly ? UInt32(MDB_RDONLY) : 0)
        try lmdb(mdb_env_open(handle, path, flags, 0o600), "mdb_env_open(\(path))")
        try clearStaleReaders()
        try checkFileCoversUsedPages()
        var info = MDB_envinfo()
        mdb_env_info(handle, &info)
        self.mapSize = max(mapSize, info.me_mapsize)
    }

    deinit { mdb_env_close(handle) }

    /// A data file cut short would make LMDB fault (SIGBUS) on the first read past its
    /// end, so compare the file with the last page the newest meta page claims.
    private func checkFileCoversUsedPages() throws {
        var info = MDB_envinfo()
        var stat = MDB_stat()
        mdb_env_info(handle, &info)
        mdb_env_stat(handle, &stat)
        let needed = (Int(info.me_last_pgno) + 1) * Int(stat.ms_psize)
        let actual = Self.fileSize(path + "/data.mdb") ?? 0
        if actual < needed { throw LedgerStoreError.truncatedFile(path: path + "/data.mdb", size: actual, needed: needed) }
    }

    /// The meta pages themselves must be there before LMDB reads them.
    private static func checkNotTruncated(path: String) throws {
        guard let size = fileSize(path + "/data.mdb") else { return }
        let metaPages = 2 * Int(sysconf(Int32(_SC_PAGESIZE)))
        if size > 0, size < metaPages { throw LedgerStoreError.truncatedFile(path: path + "/data.mdb", size: size, needed: metaPages) }
    }

    static func fileSize(_ path: String) -> Int? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return Int(info.st_size)
    }

    /// Doubles the map after MDB_MAP_FULL; only valid with no transaction open in this process.
    func grow() throws {
        let newSize = mapSize * 2
        try memory.remapping { try lmdb(mdb_env_set_mapsize(handle, newSize), "mdb_env_set_mapsize") }
        mapSize = newSize
    }

    /// Adopts a map size another process set (after MDB_MAP_RESIZED).
    func adoptGrownMap() throws {
        try memory.remapping { try lmdb(mdb_env_set_mapsize(handle, 0), "mdb_env_set_mapsize") }
        var info = MDB_envinfo()
        mdb_env_info(handle, &info)
        mapSize = info.me_mapsize
    }

    /// Clears reader slots left by processes that died mid-read, so the file does not grow forever.
    @discardableResult
    func clearStaleReaders() throws -> Int {
        var dead: Int32 = 0
        try lmdb(mdb_reader_check(handle, &dead), "mdb_reader_check")
        return Int(dead)
    }

    func beginTransaction(readOnly: Bool) throws -> Transaction {
        var txn: OpaquePointer?
        var status = mdb_txn_begin(handle, nil, readOnly ? UInt32(MDB_RDONLY) : 0, &txn)
        if status == LMDBError.mapResized {
            try adoptGrownMap()
            status = mdb_txn_begin(handle, nil, readOnly ? UInt32(MDB_RDONLY) : 0, &txn)
        }
        try lmdb(status, "mdb_txn_begin")
        // Cannot fail: mdb_txn_begin succeeded (lmdb throws otherwise), so it set the handle
        return Transaction(handle: txn!, environment: self, writing: !readOnly)
    }

    /// Runs `body` in a write transaction that commits on return and aborts on throw;
    /// when the map is full it grows the map and runs `body` again from the start.
    func write<R>(_ body: (Transaction) throws -> R) throws -> R {
        while true {
            let txn = try beginTransaction(readOnly: false)
            do {
                let result = try body(txn)
                try txn.commit()
                return result
            } catch let error as LedgerStoreError where error.isMapFull {
                txn.abort()
                try grow()
            } catch {
                txn.abort()
                throw error
            }
        }
    }

    func read<R>(_ body: (Transaction) throws -> R) throws -> R {
        let txn = try beginTransaction(readOnly: true)
        defer { txn.abort() }
        return try body(txn)
    }

    /// Opens (or with `create`, creates) a named database; with `comparingWordwise`, its keys
    /// are compared by `wordwiseKeyOrder` (LMDB's own order, faster for long random keys).
    func database(_ name: String, in txn: Transaction, create: Bool, comparingWordwise: Bool = false) throws -> Database {
        var dbi: MDB_dbi = 0
        try lmdb(mdb_dbi_open(txn.handle, name, create ? UInt32(MDB_CREATE) : 0, &dbi), "mdb_dbi_open(\(name))")
        if comparingWordwise { try lmdb(mdb_set_compare(txn.handle, dbi, wordwiseKeyOrder), "mdb_set_compare(\(name))") }
        return Database(handle: dbi, name: name)
    }

    /// Writes a compacted copy of the environment to `path` (a directory).
    func copyCompacted(to path: String) throws {
        try lmdb(mdb_env_copy2(handle, path, UInt32(MDB_CP_COMPACT)), "mdb_env_copy2(\(path))")
    }
}

/// A named database inside an environment.
struct Database: Sendable {
    let handle: MDB_dbi
    let name: String
}
