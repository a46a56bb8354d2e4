import CLMDB

public import LedgerCore
import LedgerCrypto

/// What went wrong opening, writing or reading a vault: what happened, to which file, record
/// or view, and what to do, in its description.
///
/// A struct over an internal enum, so that reasons can grow without breaking callers: they
/// tell failures apart by `kind` and read the details they act on through the properties.
public struct LedgerStoreError: Error, CustomStringConvertible {
    enum Reason {
        case lmdb(LMDBError)
        case truncatedFile(path: String, size: Int, needed: Int)
        case noVault(path: String)
        case vaultExists(path: String)
        case newerFormat(path: String, found: Int, supported: Int)
        case corruptHeader(path: String, reason: String)
        case locked(KeySlotError)
        case unreadableRecord(sequence: UInt64, reason: String)
        /// A key in the log that is not an 8-byte sequence number, after the record `after`.
        case malformedLogKey([UInt8], after: UInt64?)
        case damagedView(name: String, reason: String)
        /// The log, its head or its indexes disagree with what the vault's key signed.
        case tampered(reason: String)
        /// The vault holds less than this machine saw it sign: an older copy or a cut log.
        case rolledBack(reason: String)
        case invalidEvent(index: Int, ValidationError)
        case callback(any Error)
        case io(path: String, reason: String)
    }

    let reason: Reason

    init(_ reason: Reason) { self.reason = reason }

    /// The kinds of failure callers tell apart (the CLI gives each its exit status).
    public struct Kind: Hashable, Sendable {
        private let name: String

        /// An LMDB call failed (`isDiskFull` says whether for want of space).
        public static let storage = Kind(name: "storage")
        /// The data file is shorter than its own index says.
        public static let truncatedFile = Kind(name: "truncatedFile")
        public static let noVault = Kind(name: "noVault")
        public static let vaultExists = Kind(name: "vaultExists")
        public static let newerFormat = Kind(name: "newerFormat")
        /// `vault.json` cannot be read.
        public static let corruptHeader = Kind(name: "corruptHeader")
        /// The passphrase, keyfile or recovery code does not open the vault.
        public static let locked = Kind(name: "locked")
        public static let unreadableRecord = Kind(name: "unreadableRecord")
        public static let malformedLogKey = Kind(name: "malformedLogKey")
        public static let damagedView = Kind(name: "damagedView")
        public static let tampered = Kind(name: "tampered")
        public static let rolledBack = Kind(name: "rolledBack")
        /// An event of an append is refused (`refusedEvent` says which and why).
        public static let invalidEvent = Kind(name: "invalidEvent")
        /// A caller's callback failed (`callbackError` is its error).
        public static let callback = Kind(name: "callback")
        public static let io = Kind(name: "io")
    }

    public var kind: Kind {
        switch reason {
        case .lmdb: .storage
        case .truncatedFile: .truncatedFile
        case .noVault: .noVault
        case .vaultExists: .vaultExists
        case .newerFormat: .newerFormat
        case .corruptHeader: .corruptHeader
        case .locked: .locked
        case .unreadableRecord: .unreadableRecord
        case .malformedLogKey: .malformedLogKey
        case .damagedView: .damagedView
        case .tampered: .tampered
        case .rolledBack: .rolledBack
        case .invalidEvent: .invalidEvent
        case .callback: .callback
        case .io: .io
        }
    }

    /// The refused event's place in what was appended (from 0) and why it was refused.
    public var refusedEvent: (index: Int, error: ValidationError)? {
        if case .invalidEvent(let index, let error) = reason { (index, error) } else { nil }
    }

    /// What is wrong with a damaged view, as its description says it after the view's name.
    public var damagedViewReason: String? {
        if case .damagedView(_, let reason) = reason { reason } else { nil }
    }

    /// The error of a caller's callback that stopped the work.
    public var callbackError: (any Error)? {
        if case .callback(let error) = reason { error } else { nil }
    }

    /// Whether an LMDB call failed for want of disk space.
    public var isDiskFull: Bool {
        if case .lmdb(let error) = reason { error.isDiskFull } else { false }
    }

    /// The LMDB return code, when an LMDB call failed.
    var lmdbCode: Int32? {
        if case .lmdb(let error) = reason { error.code } else { nil }
    }

    var isMapFull: Bool { lmdbCode == LMDBError.mapFull }

    static func lmdb(_ error: LMDBError) -> Self { Self(.lmdb(error)) }
    static func truncatedFile(path: String, size: Int, needed: Int) -> Self { Self(.truncatedFile(path: path, size: size, needed: needed)) }
    static func noVault(path: String) -> Self { Self(.noVault(path: path)) }
    static func vaultExists(path: String) -> Self { Self(.vaultExists(path: path)) }
    static func newerFormat(path: String, found: Int, supported: Int) -> Self { Self(.newerFormat(path: path, found: found, supported: supported)) }
    static func corruptHeader(path: String, reason: String) -> Self { Self(.corruptHeader(path: path, reason: reason)) }
    static func locked(_ error: KeySlotError) -> Self { Self(.locked(error)) }
    static func unreadableRecord(sequence: UInt64, reason: String) -> Self { Self(.unreadableRecord(sequence: sequence, reason: reason)) }
    static func malformedLogKey(_ key: [UInt8], after: UInt64?) -> Self { Self(.malformedLogKey(key, after: after)) }
    /// A view's stored state that cannot be trusted; `reason` follows "the stored NAME view".
    public static func damagedView(name: String, reason: String) -> Self { Self(.damagedView(name: name, reason: reason)) }
    /// A replay whose shadow or state in use another replay changed under it.
    public static func replayedConcurrently(name: String) -> Self {
        damagedView(name: name, reason: "was replayed by another command at the same time; run `healthledger replay \(name)` again")
    }
    static func tampered(reason: String) -> Self { Self(.tampered(reason: reason)) }
    static func rolledBack(reason: String) -> Self { Self(.rolledBack(reason: reason)) }
    static func invalidEvent(index: Int, _ error: ValidationError) -> Self { Self(.invalidEvent(index: index, error)) }
    static func callback(_ error: any Error) -> Self { Self(.callback(error)) }
    /// A file that cannot be read or written.
    public static func io(path: String, reason: String) -> Self { Self(.io(path: path, reason: reason)) }

    public var description: String {
        switch reason {
        case .lmdb(let error): "vault storage error: \(error)"
        case .truncatedFile(let path, let size, let needed):
            "\(path) is truncated: \(size) bytes, but its own index needs \(needed). Restore the vault from a backup (nothing was read or changed)."
        case .noVault(let path): "no vault at \(path); create one with `healthledger init --vault \(path)`"
        case .vaultExists(let path): "a vault already exists at \(path); choose another folder or remove it first"
        case .newerFormat(let path, let found, let supported):
            "the vault at \(path) has format \(found), written by a newer HealthLedger; this version reads formats up to \(supported). Upgrade healthledger; the vault was not changed."
        case .corruptHeader(let path, let reason): "\(path)/vault.json is damaged (\(reason)); restore it from a backup"
        case .locked(let error): "\(error); the vault was not changed"
        case .unreadableRecord(let sequence, let reason): "record at sequence \(sequence) cannot be read: \(reason); run `healthledger audit`"
        case .malformedLogKey(let key, let after):
            "the log holds a key of \(key.count) bytes (\(Hex.encode(Array(key.prefix(16))))\(key.count > 16 ? "…" : "")) \(after.map { "after sequence \($0)" } ?? "before the first record"), which is not a sequence number: the vault file was modified outside HealthLedger. Restore the vault from a backup"
        case .damagedView(let name, let reason):
            "the stored \(name) view \(reason); run `healthledger replay \(name)` to rebuild it from the log (the log itself is untouched)"
        case .tampered(let reason):
            "the vault has been tampered with: \(reason). Nothing was written or signed; run `healthledger audit` to see every damaged place, and restore the vault from a backup"
        case .rolledBack(let reason): "ROLLBACK: \(reason)"
        case .invalidEvent(let index, let error): "event \(index + 1): \(error)"
        case .callback(let error): "\(error)"
        case .io(let path, let reason): "\(path): \(reason)"
        }
    }
}

@inline(__always)
func lmdb(_ code: Int32, _ call: @autoclosure () -> String) throws(LedgerStoreError) {
    if code != 0 { throw .lmdb(LMDBError(code: code, call: call())) }
}
