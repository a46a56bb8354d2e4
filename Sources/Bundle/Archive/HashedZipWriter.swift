import LedgerCore
import Zip

/// The zip writer with the manifest's bookkeeping: every entry's size and SHA-256 are
/// taken from the very bytes written, so the manifest cannot describe other content.
final class HashedZipWriter {
    private let zip: ZipStreamWriter
    private var hash: SHA256Stream?
    private var size: UInt64 = 0
    private var path = ""
    private(set) var files: [BundleManifest.FileRecord] = []

    init(sink: any ByteSink, modified: (Int, Int, Int, Int, Int, Int)) {
        zip = ZipStreamWriter(sink: sink, modified: modified)
    }

    func begin(_ path: String) throws {
        try zip.beginEntry(path)
        self.path = path
        hash = SHA256Stream()
        size = 0
    }

    func write(_ bytes: UnsafeRawBufferPointer) throws {
        hash?.update(bytes)
        size += UInt64(bytes.count)
        try zip.write(bytes)
    }

    func write(_ bytes: [UInt8]) throws { try bytes.withUnsafeBytes { try write($0) } }

    func write(_ text: String) throws {
        var text = text
        try text.withUTF8 { try write(UnsafeRawBufferPointer($0)) }
    }

    func end() throws {
        try zip.closeEntry()
        guard let digest = hash?.finish() else { return }
        files.append(BundleManifest.FileRecord(path: path, size: size, sha256: Hex.encode(digest)))
        hash = nil
    }

    func add(_ path: String, _ bytes: [UInt8]) throws {
        try begin(path)
        try write(bytes)
        try end()
    }

    /// Adds an entry compressed and hashed beforehand (`finish()` called).
    func add(_ path: String, _ prepared: PreparedHashedEntry) throws {
        try zip.add(path, prepared.entry)
        files.append(BundleManifest.FileRecord(path: path, size: prepared.size, sha256: prepared.sha256))
    }

    /// Entries written after the manifest (the manifest and its signature) are not hashed.
    func addUnlisted(_ path: String, _ bytes: [UInt8]) throws { try zip.add(path, bytes) }

    /// Ends the zip with the padding entry named `padding`, on a whole age chunk.
    func finish(padding: String) throws { try zip.finish(padding: padding) }
}

/// An entry compressed and hashed apart from the zip (on another thread, while the zip
/// writes other entries), with what the manifest records of it.
final class PreparedHashedEntry {
    let entry = PreparedEntry()
    private let hash = SHA256Stream()
    private(set) var size: UInt64 = 0
    private(set) var sha256 = ""

    func write(_ bytes: [UInt8]) throws {
        try bytes.withUnsafeBytes { buffer in
            hash.update(buffer)
            size += UInt64(buffer.count)
            try entry.write(buffer)
        }
    }

    func finish() throws {
        try entry.finish()
        sha256 = Hex.encode(hash.finish())
    }
}
