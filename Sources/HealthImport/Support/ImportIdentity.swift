import LedgerCore
import LedgerCrypto
import LedgerStore

/// Derives an imported record's event id from what the record says, so the same record
/// imported twice gets the same id and the ledger stores it once.
///
/// The hash is keyed with the vault's id-derivation key: without it, an id reveals nothing
/// about the record (an unkeyed hash of a heart-rate reading could be guessed and checked).
public struct ImportIdentity: Sendable {
    private let key: SecretBytes

    public init(ledger: Ledger) { key = ledger.idDerivationKey }

    public init(key: SecretBytes) { self.key = key }

    /// The id of the record described by `fields`, in order; fields are length-prefixed so
    /// that ("ab", "c") and ("a", "bc") differ.
    public func id(_ namespace: String, _ fields: [String]) -> EventID {
        var canonical = CanonicalBytes(0)
        canonical.append(namespace)
        for field in fields { canonical.append(field) }
        return id(canonical.bytes)
    }

    /// The id of a record whose canonical bytes the caller has already built.
    public func id(_ canonical: [UInt8]) -> EventID {
        EventID(bytes: Hashing.blake2b(canonical, key: key, outputLength: EventID.byteCount))!
    }
}
