public import LedgerCore
public import LedgerCrypto
public import LedgerStore

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
        // Cannot fail: the hash is an id's 16 bytes long
        EventID(bytes: Hashing.blake2b(canonical, key: key, outputLength: EventID.byteCount))!
    }

    /// The same id as `id(canonical)`, from a hash that has already absorbed the first
    /// `prefixLength` bytes when a recent record began with them too: records come in runs
    /// of one type, source and device, whose canonical bytes start alike.
    func id(_ canonical: [UInt8], prefixLength: Int, recent: inout RecentPrefixes) -> EventID {
        canonical.withUnsafeBytes { bytes in
            let hash: PrefixedKeyedHash
            if let index = recent.hashes.firstIndex(where: { $0.isPrefix(of: bytes) }) {
                hash = recent.hashes[index]
                if index > 0 { recent.hashes.swapAt(0, index) }
            } else {
                hash = PrefixedKeyedHash(key: key, prefix: Array(bytes[..<prefixLength]), outputLength: EventID.byteCount)
                if recent.hashes.count == RecentPrefixes.capacity { recent.hashes.removeLast() }
                recent.hashes.insert(hash, at: 0)
            }
            // Cannot fail: the hash was made with an id's 16-byte output
            return EventID(bytes: hash.digest(of: bytes))!
        }
    }

    /// The hashes of the last few prefixes, the latest first: a handful covers sources whose
    /// records interleave (a watch's and a phone's steps).
    struct RecentPrefixes {
        static let capacity = 4
        fileprivate var hashes: [PrefixedKeyedHash] = []
    }
}
