import LedgerCore
import LedgerCrypto

/// Images and other large subject data, kept beside the log rather than in it.
///
/// Each blob is sealed under its own random key, and that key is stored sealed (wrapped)
/// under the vault's blob-wrapping key, in a separate entry. Deleting the wrapped key
/// alone makes the blob unreadable for good (crypto-shredding) while the log, which only
/// names the blob, keeps its hash chain. A derived key could not be destroyed this way,
/// which is why each blob gets a random one.
extension Ledger {
    /// Stores `bytes` sealed and returns its name; the same bytes stored again return the
    /// same name and store nothing.
    ///
    /// The name is a keyed hash of the content, so identical images share one entry and
    /// the name says nothing about the image to anyone without the vault's key.
    public func storeBlob(_ bytes: [UInt8]) throws -> String {
        let name = blobName(of: bytes)
        try environment.write { txn in
            if try txn.get(databases.blobs, key: BlobEntry.wrappedKey(name)) != nil { return }
            let blobKey = SecretBytes.random(32)
            var keyBytes = blobKey.withBytes { Array($0) }
            defer { wipe(&keyBytes) }
            let wrapped = BlobSealer(key: blobKeyWrappingKey).seal(keyBytes, associatedData: blobAssociatedData(name, part: "key"))
            let sealed = BlobSealer(key: blobKey).seal(bytes, associatedData: blobAssociatedData(name, part: "data"))
            try txn.put(databases.blobs, key: BlobEntry.wrappedKey(name), value: wrapped)
            try txn.put(databases.blobs, key: BlobEntry.content(name), value: sealed)
        }
        return name
    }

    /// The bytes stored under `name`; throws `BlobError` when there is no such blob, its
    /// key was destroyed, or either part fails to open.
    public func blob(named name: String) throws -> [UInt8] {
        let (wrapped, sealed) = try environment.read { txn in
            (try txn.get(databases.blobs, key: BlobEntry.wrappedKey(name)), try txn.get(databases.blobs, key: BlobEntry.content(name)))
        }
        guard let sealed else { throw BlobError(try erasureRecorded(blob: name) ? .keyDestroyed : .missing, name: name) }
        guard let wrapped else { throw BlobError(.keyDestroyed, name: name) }
        return try openBlob(name, wrapped: wrapped, sealed: sealed)
    }

    /// Opens a blob's key with the vault's wrapping key, then its content with that key.
    func openBlob(_ name: String, wrapped: [UInt8], sealed: [UInt8]) throws -> [UInt8] {
        var keyBytes: [UInt8]
        do {
            keyBytes = try BlobSealer(key: blobKeyWrappingKey).open(wrapped, associatedData: blobAssociatedData(name, part: "key"))
        } catch {
            throw BlobError(.unreadable("its key does not open (\(error))"), name: name)
        }
        let blobKey = SecretBytes(consuming: &keyBytes)
        do {
            return try BlobSealer(key: blobKey).open(sealed, associatedData: blobAssociatedData(name, part: "data"))
        } catch {
            throw BlobError(.unreadable("its content does not open (\(error))"), name: name)
        }
    }

    /// 32 hex digits. Keyed with the id-derivation key, which exists for exactly this kind
    /// of content-to-name hashing; the label keeps blob names apart from event ids.
    func blobName(of bytes: [UInt8]) -> String {
        Hex.encode(Hashing.blake2b(Array("healthledger.blob.v1".utf8), bytes, key: idDerivationKey, outputLength: 16))
    }

    /// Binds each sealed part to this vault and this name, so parts swapped between names
    /// or copied from another vault fail to open.
    func blobAssociatedData(_ name: String, part: String) -> [UInt8] {
        vaultID + Array("blob.\(part).".utf8) + Array(name.utf8)
    }
}

/// Keys of the `blobs` database: the wrapped key and the content are separate entries so
/// that the key can be destroyed on its own.
enum BlobEntry {
    static func wrappedKey(_ name: String) -> [UInt8] { Array("key/\(name)".utf8) }
    static func content(_ name: String) -> [UInt8] { Array("data/\(name)".utf8) }
}
