import Foundation
public import LedgerCore
public import LedgerCrypto
import Zip

/// Reads a bundle's zip front to back from the decrypted stream, hashing every file, and
/// then checks it: the manifest's signature and its checkpoint's against the vault key it
/// names (and the signer the caller expects, if any), and every file against the
/// manifest's SHA-256 — none missing, none added.
public struct BundleReader {
    /// The signer's Ed25519 public key the caller insists on; nil accepts the manifest's own.
    public var expectedSigner: [UInt8]?

    /// Called for each file before its bytes; return a consumer to see them, or nil.
    public typealias EntryHandler = (_ path: String) throws -> EntryConsumer?

    /// What sees one file's bytes, then hears that the file is complete.
    public struct EntryConsumer {
        let consume: (UnsafeRawBufferPointer) throws -> Void
        let finish: () throws -> Void

        public init(consume: @escaping (UnsafeRawBufferPointer) throws -> Void, finish: @escaping () throws -> Void = {}) {
            self.consume = consume
            self.finish = finish
        }
    }

    public init(expectedSigner: [UInt8]? = nil) { self.expectedSigner = expectedSigner }

    /// The verified contents; throws `BundleError` naming the first thing that fails.
    public func read(_ source: any ByteSource, onEntry: EntryHandler = { _ in nil }) throws -> VerifiedBundle {
        let zip = ZipStreamReader(source: source)
        var found: [BundleManifest.FileRecord] = []
        var manifestBytes: [UInt8]?
        var signatureBytes: [UInt8]?
        var declaredPadding: String?
        do {
            while let path = try zip.nextEntry() {
                // The manifest comes before the padding it names; its signature is checked below.
                let isPadding = path == declaredPadding
                let consumer = isPadding ? nil : try onEntry(path)
                let hash = SHA256Stream()
                var size: UInt64 = 0
                var kept: [UInt8]?
                var onlyZeros = true
                let small = path == BundleLayout.manifest || path == BundleLayout.signature
                if small { kept = [] }
                try zip.readEntry { chunk in
                    hash.update(chunk)
                    size += UInt64(chunk.count)
                    if small {
                        guard size <= Self.manifestLimit else { throw BundleError(.notABundle, "\(path) is larger than any manifest") }
                        kept?.append(contentsOf: chunk)
                    }
                    if isPadding, onlyZeros { onlyZeros = !chunk.contains { $0 != 0 } }
                    try consumer?.consume(chunk)
                }
                try consumer?.finish()
                switch path {
                case BundleLayout.manifest:
                    manifestBytes = kept
                    declaredPadding = kept.flatMap { try? BundleManifest(json: $0).padding }
                case BundleLayout.signature: signatureBytes = kept
                case _ where isPadding:
                    guard onlyZeros else {
                        throw BundleError(.hashMismatch, "\(path), the zip's padding, holds bytes other than zeros: it was altered after signing")
                    }
                default: found.append(BundleManifest.FileRecord(path: path, size: size, sha256: Hex.encode(hash.finish())))
                }
            }
            // Read the stream to its end, so the decryption checks its last chunk and that
            // nothing follows it, before anything is reported as verified.
            var rest = [UInt8](repeating: 0, count: 1 << 16)
            while try rest.withUnsafeMutableBytes({ try source.read(into: $0) }) > 0 {}
        } catch let error as ZipFormatError {
            throw BundleError(.hashMismatch, "\(error); the bundle was altered before it was encrypted")
        }
        guard let manifestBytes else { throw BundleError(.notABundle, "the bundle holds no manifest.json: it was not made by `healthledger export bundle`") }
        guard let signatureBytes else { throw BundleError(.signatureMismatch, "the bundle holds no manifest.sig: its origin cannot be proven") }
        let manifest = try BundleManifest(json: manifestBytes)
        let checkpoint = try verifySignatures(manifest, manifestBytes: manifestBytes, signatureBytes: signatureBytes)
        try compare(found, with: manifest.files)
        return VerifiedBundle(manifest: manifest, checkpoint: checkpoint)
    }

    static let manifestLimit: UInt64 = 64 << 20

    private func verifySignatures(_ manifest: BundleManifest, manifestBytes: [UInt8], signatureBytes: [UInt8]) throws -> SignedCheckpoint? {
        let key = manifest.publicKeyBytes
        let text = String(decoding: signatureBytes, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard let signature = Data(base64Encoded: text).map(Array.init),
              SigningKey.verify(signature: signature, message: manifestBytes, publicKey: key)
        else {
            throw BundleError(.signatureMismatch, "the manifest's signature does not verify with the vault key it names: the manifest was altered or signed by another key")
        }
        if let expectedSigner, expectedSigner != key {
            throw BundleError(.signatureMismatch, "the bundle is signed by the vault key \(manifest.publicKey), not the one expected (\(Data(expectedSigner).base64EncodedString()))")
        }
        guard let note = manifest.checkpoint else { return nil }
        do {
            return try SignedCheckpoint.parse(note: note, publicKey: key)
        } catch {
            throw BundleError(.signatureMismatch, "the ledger checkpoint in the manifest does not verify: \(error)")
        }
    }

    private func compare(_ found: [BundleManifest.FileRecord], with listed: [BundleManifest.FileRecord]) throws {
        let expected = Dictionary(listed.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
        var seen: Set<String> = []
        for file in found {
            guard let record = expected[file.path] else {
                throw BundleError(.hashMismatch, "\(file.path) is in the bundle but not in its signed manifest: it was added after signing")
            }
            guard record.sha256 == file.sha256, record.size == file.size else {
                throw BundleError(.hashMismatch, "\(file.path) does not match the SHA-256 in the signed manifest: it was modified after signing")
            }
            seen.insert(file.path)
        }
        if let missing = listed.first(where: { !seen.contains($0.path) }) {
            throw BundleError(.hashMismatch, "\(missing.path) is listed in the signed manifest but missing from the bundle")
        }
    }
}

/// A bundle whose every file matched its signed manifest.
public struct VerifiedBundle: Sendable {
    public let manifest: BundleManifest
    public let checkpoint: SignedCheckpoint?
}
