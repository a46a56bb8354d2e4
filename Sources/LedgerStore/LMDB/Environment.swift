import CLMDB
import Foundation
import Glibc

/// An LMDB environment: one memory-mapped file with named databases.
///
/// Opened durable (no NOSYNC, never WRITEMAP, which turns a full disk into SIGBUS) and
/// with NOTLS, so read transactions are not tied to the thread that began them.
public final class Environment {
    let handle: OpaquePointer
    public let path: String
    private(set) var mapSize: Int

    public static let maxDatabases: UInt32 = 64

    /// The data file's absolute path, as /proc/self/maps names it.
    private lazy var dataFile: String = {
        let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        return URL(fileURLWithPath: absolute + "/data.mdb").resolvingSymlinksInPath().path
    }()

    public init(path: String, mapSize: Int, readOnly: Bool = false) throws {
        var env: OpaquePointer?
        try lmdb(mdb_env_create(&env), "mdb_env_create")
        handle = env!
        self.path = path
        self.mapSize = mapSize
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
        try mapLock.withLock {
            mapping = nil
            try lmdb(mdb_env_set_mapsize(handle, newSize), "mdb_env_set_mapsize")
        }
        mapSize = newSize
    }

    /// Adopts a map size another process set (after MDB_MAP_RESIZED).
    func adoptGrownMap() throws {
        try mapLock.withLock {
            mapping = nil
            try lmdb(mdb_env_set_mapsize(handle, 0), "mdb_env_set_mapsize")
        }
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

    /// Lets go of the map's pages that this process has touched, without writing anything:
    /// the map is read-only to us (LMDB writes with pwrite), so the kernel keeps the data in
    /// its page cache and a later read faults it back in. Releasing as reads go keeps
    /// resident memory flat however large the log grows, instead of holding every index
    /// page ever searched.
    func releaseMappedPages() {
        // Under the lock that remapping takes: advice to a range the map just left could
        // discard whatever memory took its place.
        mapLock.withLock {
            for (address, length) in mappedRanges() { madvise(address, length, MADV_DONTNEED) }
            residentFilesAfterRelease = ResidentFileMemory.bytes()
        }
    }

    /// Releases the map's pages once the process holds `mappedBudget` more of its files than
    /// just after the last release. Measured, not estimated from faults: on Linux 6.18 the
    /// page cache holds large folios and one fault maps the whole folio, 150 kB to 1.3 MB of
    /// a vault's file per random read (64 kB was assumed), so a count of faults let a
    /// 6M-record import map 150 MB of the file between releases.
    func releaseMappedPagesIfDue() {
        let resident = ResidentFileMemory.bytes()
        guard resident - mapLock.withLock({ residentFilesAfterRelease }) >= Self.mappedBudget else { return }
        releaseMappedPages()
    }

    /// How much of the data file may stay mapped between releases. 4 MB rather than 8: a
    /// 2M-record import held 4 MB less of the file on average, and reading back or replaying
    /// 1M events ran as fast within the noise (`ledger-bench`, alternated). At 2 MB the
    /// import took a second or two more CPU.
    static let mappedBudget = 4 << 20
    /// Resident file-backed memory (the data file, the binary and its libraries) after the
    /// last release; under `mapLock`.
    private var residentFilesAfterRelease = 0

    /// Where the data file is mapped, found once per mapping: LMDB does not tell
    /// (`me_mapaddr` is set only with MDB_FIXEDMAP); the kernel does, in /proc/self/maps.
    private func mappedRanges() -> [(UnsafeMutableRawPointer, Int)] {
        if let known = mapping, known.size == mapSize { return known.ranges }
        // Read to the end: /proc files report no size, and String(contentsOfFile:) then stops
        // after one page, which misses the data file once threads and large blocks have
        // been mapped below it, as after a map grows late in an import.
        guard let bytes = try? FileHandle(forReadingAtPath: "/proc/self/maps")?.readToEnd() else { return [] }
        let maps = String(decoding: bytes, as: UTF8.self)
        let ranges = maps.split(separator: "\n").filter { $0.hasSuffix(dataFile) }.compactMap { line -> (UnsafeMutableRawPointer, Int)? in
            let range = line.prefix { $0 != " " }.split(separator: "-")
            guard range.count == 2, let start = UInt(range[0], radix: 16), let end = UInt(range[1], radix: 16), end > start,
                  let address = UnsafeMutableRawPointer(bitPattern: start) else { return nil }
            return (address, Int(end - start))
        }
        if !ranges.isEmpty { mapping = (mapSize, ranges) }
        return ranges
    }

    /// The ranges `mappedRanges` found and the map size they were found at; nil once the
    /// map may have moved.
    private var mapping: (size: Int, ranges: [(UnsafeMutableRawPointer, Int)])?
    private let mapLock = NSLock()

    public func beginTransaction(readOnly: Bool) throws -> Transaction {
        var txn: OpaquePointer?
        var status = mdb_txn_begin(handle, nil, readOnly ? UInt32(MDB_RDONLY) : 0, &txn)
        if status == LMDBError.mapResized {
            try adoptGrownMap()
            status = mdb_txn_begin(handle, nil, readOnly ? UInt32(MDB_RDONLY) : 0, &txn)
        }
        try lmdb(status, "mdb_txn_begin")
        return Transaction(handle: txn!, environment: self)
    }

    /// Runs `body` in a write transaction that commits on return and aborts on throw;
    /// when the map is full it grows the map and runs `body` again from the start.
    public func write<R>(_ body: (Transaction) throws -> R) throws -> R {
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

    public func read<R>(_ body: (Transaction) throws -> R) throws -> R {
        let txn = try beginTransaction(readOnly: true)
        defer { txn.abort() }
        return try body(txn)
    }

    /// Opens (or with `create`, creates) a named database; with `comparingWordwise`, its keys
    /// are compared by `wordwiseKeyOrder` (LMDB's own order, faster for long random keys).
    public func database(_ name: String, in txn: Transaction, create: Bool, comparingWordwise: Bool = false) throws -> Database {
        var dbi: MDB_dbi = 0
        try lmdb(mdb_dbi_open(txn.handle, name, create ? UInt32(MDB_CREATE) : 0, &dbi), "mdb_dbi_open(\(name))")
        if comparingWordwise { try lmdb(mdb_set_compare(txn.handle, dbi, wordwiseKeyOrder), "mdb_set_compare(\(name))") }
        return Database(handle: dbi, name: name)
    }

    /// Writes a compacted copy of the environment to `path` (a directory).
    public func copyCompacted(to path: String) throws {
        try lmdb(mdb_env_copy2(handle, path, UInt32(MDB_CP_COMPACT)), "mdb_env_copy2(\(path))")
    }
}

/// A named database inside an environment.
public struct Database: Sendable {
    let handle: MDB_dbi
    public let name: String
}
