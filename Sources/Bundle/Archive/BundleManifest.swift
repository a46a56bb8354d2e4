import Foundation
public import LedgerCore

/// `manifest.json`: what a bundle holds, from which vault and which slice of it, with the
/// SHA-256 of every other file; `manifest.sig` signs its exact bytes with the vault's key.
public struct BundleManifest: Sendable, Equatable {
    public static let format = "healthledger-bundle"
    /// 2: a stored entry of zeros, named by `padding`, ends the zip on a whole age chunk.
    public static let version = 2

    public var createdAt: String
    public var vaultID: String
    public var origin: String
    /// The vault's Ed25519 public key, base64: the one that must have signed this manifest
    /// and the checkpoint.
    public var publicKey: String
    /// The latest signed checkpoint note when the bundle was made.
    public var checkpoint: String?
    /// The requested range of local days (nil: from the first event, to the last).
    public var from: String?
    public var to: String?
    /// The local days of the first and last event the bundle holds.
    public var firstEventDay: String?
    public var lastEventDay: String?
    public var kinds: [String]
    public var includesFaces: Bool
    public var counts: [String: Int]
    public var files: [FileRecord]
    /// The zip entry that only pads the zip to a whole age chunk: zeros, listed in no `files`.
    public var padding: String?

    public struct FileRecord: Sendable, Equatable {
        public var path: String
        public var size: UInt64
        public var sha256: String
    }

    public var document: Document {
        var document: Document = ["format": .string(Self.format), "version": .int(Int64(Self.version)), "createdAt": .string(createdAt)]
        document["vault"] = .map(["id": .string(vaultID), "origin": .string(origin), "publicKey": .string(publicKey)])
        document.set("checkpoint", checkpoint.map { .string($0) })
        var range = Document()
        range.set("from", from.map { .string($0) })
        range.set("to", to.map { .string($0) })
        range.set("firstEvent", firstEventDay.map { .string($0) })
        range.set("lastEvent", lastEventDay.map { .string($0) })
        document["range"] = .map(range)
        document["kinds"] = .array(kinds.map { .string($0) })
        document["includesFaces"] = .bool(includesFaces)
        var counts = Document()
        for (name, count) in self.counts.sorted(by: { $0.key < $1.key }) { counts[name] = .int(Int64(count)) }
        document["counts"] = .map(counts)
        document["files"] = .array(files.map { .map(["path": .string($0.path), "size": .int(Int64($0.size)), "sha256": .string($0.sha256)]) })
        document.set("padding", padding.map { .string($0) })
        return document
    }

    public init(
        createdAt: String, vaultID: String, origin: String, publicKey: String, checkpoint: String?, from: String?, to: String?,
        firstEventDay: String?, lastEventDay: String?, kinds: [String], includesFaces: Bool, counts: [String: Int], files: [FileRecord],
        padding: String? = nil
    ) {
        self.createdAt = createdAt
        self.vaultID = vaultID
        self.origin = origin
        self.publicKey = publicKey
        self.checkpoint = checkpoint
        self.from = from
        self.to = to
        self.firstEventDay = firstEventDay
        self.lastEventDay = lastEventDay
        self.kinds = kinds
        self.includesFaces = includesFaces
        self.counts = counts
        self.files = files
        self.padding = padding
    }

    /// Reads a manifest; anything missing or of the wrong type is a damaged manifest.
    public init(json bytes: [UInt8]) throws(BundleError) {
        do {
            let document = try JSONParser.parseObject(String(decoding: bytes, as: UTF8.self))
            guard try document.string("format") == Self.format else { throw BundleError(.notABundle, "manifest.json is not a healthledger bundle manifest") }
            guard try document.int("version") <= Int64(Self.version) else {
                throw BundleError(.notABundle, "the bundle was made by a newer version of healthledger; upgrade to open it")
            }
            createdAt = try document.string("createdAt")
            guard let vault = try document.optionalDocument("vault") else { throw BundleError(.notABundle, "manifest.json names no vault") }
            vaultID = try vault.string("id")
            origin = try vault.string("origin")
            publicKey = try vault.string("publicKey")
            checkpoint = try document.optionalString("checkpoint")
            let range = try document.optionalDocument("range") ?? Document()
            from = try range.optionalString("from")
            to = try range.optionalString("to")
            firstEventDay = try range.optionalString("firstEvent")
            lastEventDay = try range.optionalString("lastEvent")
            kinds = try document.strings("kinds")
            includesFaces = try document.optionalBool("includesFaces") ?? false
            var counts: [String: Int] = [:]
            for field in (try document.optionalDocument("counts") ?? Document()).fields {
                if case .int(let count) = field.value { counts[field.name] = Int(count) }
            }
            self.counts = counts
            files = try document.documents("files").map { (file) throws(ValidationError) in
                FileRecord(path: try file.string("path"), size: UInt64(max(0, try file.int("size"))), sha256: try file.string("sha256"))
            }
            padding = try document.optionalString("padding")
        } catch let error as BundleError {
            throw error
        } catch {
            throw BundleError(.signatureMismatch, "manifest.json is not a readable manifest (\(error))")
        }
    }

    public var publicKeyBytes: [UInt8] { Data(base64Encoded: publicKey).map(Array.init) ?? [] }
}
