import CLMDB

import LedgerCore
import LedgerCrypto

/// What can go wrong opening, writing or reading a vault; each case says what to do.
public enum LedgerStoreError: Error, CustomStringConvertible {
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

    var isMapFull: Bool { if case .lmdb(let error) = self { error.code == LMDBError.mapFull } else { false } }

    public var description: String {
        switch self {
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
