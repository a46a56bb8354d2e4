/// The on-disk vault format: what this build writes, and the steps that bring older vaults up.
public enum VaultFormat {
    /// Format 1: vault.json with key slots, LMDB databases log, batches, ids and meta.
    /// Format 2: the dedup index in two tiers, `ids` (settled) and `ids.recent`. A format-1
    /// vault's `ids` is a valid settled tier, so opening one creates the empty `ids.recent`
    /// and records format 2: a format-1 build would not look in `ids.recent` and would
    /// append duplicates.
    /// Format 3: the recent tier is `ids.bySequence`, sequence → key, so that commits append
    /// to it. Opening a format-2 vault moves the keys of `ids.recent` into `ids` and removes
    /// it; opening a format-1 vault creates the empty `ids.bySequence`.
    public static let current = 3

    /// Whether this build can open a vault written in `format`.
    public static func check(_ format: Int) throws(VaultFormatError) {
        guard format >= 1 else { throw .unknown(format) }
        guard format <= current else { throw .newer(found: format, supported: current) }
    }
}

public enum VaultFormatError: Error, Equatable, CustomStringConvertible {
    case newer(found: Int, supported: Int)
    case unknown(Int)

    public var description: String {
        switch self {
        case .newer(let found, let supported):
            "vault format \(found) was written by a newer HealthLedger; this version reads formats up to \(supported). Upgrade healthledger; the vault was not changed."
        case .unknown(let format): "vault format \(format) is not a HealthLedger format"
        }
    }
}
