import CLMDB
import LedgerCore

/// A return code from an LMDB call, with the call's name kept for the message.
public struct LMDBError: Error, Equatable, CustomStringConvertible {
    public let code: Int32
    public let call: String

    /// The corresponding C error is `MDB_MAP_FULL`: the memory map needs to grow.
    public static let mapFull = MDB_MAP_FULL
    /// The corresponding C error is `MDB_MAP_RESIZED`: another process grew the map.
    public static let mapResized = MDB_MAP_RESIZED
    /// The corresponding C error is `MDB_KEYEXIST`.
    public static let keyExists = MDB_KEYEXIST
    /// The corresponding C error is `MDB_NOTFOUND`.
    public static let notFound = MDB_NOTFOUND

    public var isDiskFull: Bool { SystemCallFailure(code: code).isDiskFull }

    public var description: String {
        if isDiskFull { return "the disk is full (\(call)); free some space and run the command again — nothing was lost" }
        return "\(call) failed: \(String(cString: mdb_strerror(code)))"
    }
}

