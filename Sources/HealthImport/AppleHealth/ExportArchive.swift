import Foundation
import Zip

/// An Apple Health export as it arrives: `export.zip` read in place (nothing extracted to
/// disk), a bare `export.xml`, or the unzipped `apple_health_export` folder.
///
/// The main document may have a localized name (`exportar.xml`, `导出.xml`, `Export.xml`):
/// it is the XML file at the top of the export that is not the clinical `…_cda.xml`.
public final class ExportArchive {
    public let path: String
    /// The main document's name inside the archive or folder.
    public let documentName: String
    /// Its size in bytes once inflated, for progress.
    public let documentSize: Int
    private let backing: Backing
    /// The zip's file descriptor, read with `pread` alone, so the document's stream and the
    /// attachments read between its chunks never disturb each other.
    private let zipDescriptor: Int32

    private enum Backing {
        /// The zip's files by path (from its central directory, read once) and the document's.
        case zip(files: [String: ZipDirectory.Item], document: ZipDirectory.Item, root: String)
        case folder(root: String)
    }

    public init(path: String) throws(ExportArchiveError) {
        self.path = path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { throw .missing(path) }
        if isDirectory.boolValue {
            let root = Self.folderRoot(path)
            guard let name = Self.documentName(among: (try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []) else {
                throw .noDocument(path)
            }
            documentName = name
            documentSize = Self.fileSize(root + "/" + name)
            backing = .folder(root: root)
            zipDescriptor = -1
        } else if Self.isZip(path) {
            let descriptor = open(path, O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0 else { throw .unreadableZip(path, String(cString: strerror(errno))) }
            guard let directory = ZipDirectory(descriptor: descriptor) else {
                close(descriptor)
                throw .unreadableZip(path, "its central directory is missing or damaged")
            }
            let entries = directory.items.filter { !$0.isFolder && !$0.path.hasPrefix("__MACOSX/") }
            guard let document = Self.documentEntry(entries) else {
                close(descriptor)
                throw .noDocument(path)
            }
            documentName = document.path
            documentSize = Int(clamping: document.uncompressedSize)
            let root = document.path.split(separator: "/").dropLast().joined(separator: "/")
            let files = Dictionary(directory.items.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
            backing = .zip(files: files, document: document, root: root.isEmpty ? "" : root + "/")
            zipDescriptor = descriptor
        } else {
            let url = URL(fileURLWithPath: path)
            documentName = url.lastPathComponent
            documentSize = Self.fileSize(path)
            // A bare document: the folder it is in holds the routes and ECGs, if any.
            backing = .folder(root: url.deletingLastPathComponent().path)
            zipDescriptor = -1
            if documentName.lowercased().hasSuffix(".xml") == false { throw .notAnExport(path) }
        }
    }

    /// Streams the main document in chunks of about `chunkSize` bytes.
    public func streamDocument(chunkSize: Int = 1 << 20, _ body: (UnsafeRawBufferPointer) throws -> Void) throws {
        switch backing {
        case .zip(_, let document, _):
            // The reader's own errors (bad XML, a full disk) pass through as they are; only
            // what goes wrong in the zip itself is reported as a damaged zip.
            var readerError: (any Error)?
            let intact: Bool
            do {
                intact = try extract(document, chunkSize: chunkSize) { chunk in
                    do {
                        try body(chunk)
                    } catch {
                        readerError = error
                        throw error
                    }
                }
            } catch {
                if let readerError { throw readerError }
                throw ExportArchiveError.unreadableZip(path, "\(documentName): \(error)")
            }
            guard intact else {
                throw ExportArchiveError.unreadableZip(path, "\(documentName) does not match its checksum: the zip is damaged")
            }
        case .folder(let root):
            let file = root + "/" + documentName
            guard let handle = FileHandle(forReadingAtPath: file) else { throw ExportArchiveError.missing(file) }
            defer { try? handle.close() }
            while let data = try handle.read(upToCount: chunkSize), !data.isEmpty {
                try data.withUnsafeBytes { try body($0) }
            }
        }
    }

    /// A file the document refers to (`/workout-routes/route_….gpx`, `/clinical-records/….json`),
    /// or nil when the export does not hold it. A reference that leads out of the export (`..`,
    /// or a symbolic link in a folder export) is refused, and nothing is read from it.
    public func attachment(_ reference: String) throws(AttachmentRefusal) -> [UInt8]? {
        let relative = reference.hasPrefix("/") ? String(reference.dropFirst()) : reference
        if relative.split(separator: "/").contains("..") {
            throw AttachmentRefusal(reference: reference, reason: "its path climbs out of the export with '..'")
        }
        switch backing {
        case .zip(let files, _, let root):
            guard let entry = files[root + relative] ?? files[relative] else { return nil }
            // The inflated size is checked against this claim, so the claim bounds the memory.
            guard entry.uncompressedSize <= ContainedFile.mostBytes else {
                throw AttachmentRefusal(reference: reference, reason: ContainedFile.tooLarge)
            }
            var bytes: [UInt8] = []
            bytes.reserveCapacity(Int(entry.uncompressedSize))
            // A route inflated from one read where it fits in a megabyte, not from 16 kB ones.
            let chunkSize = Int(min(max(entry.compressedSize, 1 << 14), 1 << 20))
            guard (try? extract(entry, chunkSize: chunkSize) { bytes.append(contentsOf: $0) }) == true else { return nil }
            return bytes
        case .folder(let root):
            switch ContainedFile.read(relative, beneath: root) {
            case .bytes(let bytes): return bytes
            case .absent: return nil
            case .refused(let reason): throw AttachmentRefusal(reference: reference, reason: reason)
            }
        }
    }

    deinit { if zipDescriptor >= 0 { close(zipDescriptor) } }

    /// Inflates `entry` in chunks with ISA-L and checks it against its CRC-32 and size; false
    /// when the check fails.
    private func extract(_ entry: ZipDirectory.Item, chunkSize: Int, _ body: (UnsafeRawBufferPointer) throws -> Void) throws -> Bool {
        guard let start = ZipDirectory.dataOffset(of: entry, descriptor: zipDescriptor) else { throw ZipEntryStream.Failure.noLocalHeader }
        return try ZipEntryStream.read(entry, at: start, descriptor: zipDescriptor, chunkSize: chunkSize, body)
    }

    /// The ECG recordings' names (`electrocardiograms/ecg_2023-05-01.csv`), sorted.
    public func electrocardiogramNames() -> [String] {
        switch backing {
        case .zip(let files, _, let root):
            return files.keys
                .filter { $0.hasPrefix(root + "electrocardiograms/") && $0.lowercased().hasSuffix(".csv") }
                .map { String($0.dropFirst(root.count)) }.sorted()
        case .folder(let root):
            let folder = root + "/electrocardiograms"
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
            return names.filter { $0.lowercased().hasSuffix(".csv") }.map { "electrocardiograms/" + $0 }.sorted()
        }
    }

    /// The workout routes' names (`workout-routes/route_2024-06-10.gpx`), sorted.
    func routeNames() -> [String] {
        switch backing {
        case .zip(let files, _, let root):
            return files.keys
                .filter { $0.hasPrefix(root + "workout-routes/") && $0.lowercased().hasSuffix(".gpx") }
                .map { String($0.dropFirst(root.count)) }.sorted()
        case .folder(let root):
            let names = (try? FileManager.default.contentsOfDirectory(atPath: root + "/workout-routes")) ?? []
            return names.filter { $0.lowercased().hasSuffix(".gpx") }.map { "workout-routes/" + $0 }.sorted()
        }
    }

    // MARK: - Finding the document

    private static func isZip(_ path: String) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        return (try? handle.read(upToCount: 4)) == Data([0x50, 0x4B, 0x03, 0x04])
    }

    private static func fileSize(_ path: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber)?.intValue ?? 0
    }

    /// The unzipped folder, or the `apple_health_export` inside the folder given.
    private static func folderRoot(_ path: String) -> String {
        let nested = path + "/apple_health_export"
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: nested, isDirectory: &isDirectory) && isDirectory.boolValue ? nested : path
    }

    static func isDocumentName(_ name: String) -> Bool {
        let lower = name.lowercased()
        return lower.hasSuffix(".xml") && !lower.hasSuffix("cda.xml") && !lower.hasPrefix("._")
    }

    /// Prefers `export.xml`; otherwise the one XML file that is not the CDA document.
    static func documentName(among names: [String]) -> String? {
        let candidates = names.filter(isDocumentName)
        return candidates.first { $0.lowercased() == "export.xml" } ?? candidates.sorted().first
    }

    private static func documentEntry(_ entries: [ZipDirectory.Item]) -> ZipDirectory.Item? {
        let shallow = entries.filter { entry in
            let parts = entry.path.split(separator: "/")
            return parts.count <= 2 && isDocumentName(String(parts.last ?? ""))
        }
        return shallow.first { $0.path.lowercased().hasSuffix("/export.xml") || $0.path.lowercased() == "export.xml" }
            ?? shallow.sorted { $0.uncompressedSize > $1.uncompressedSize }.first
    }
}

/// A file an export names that is not read, because it is not inside the export.
public struct AttachmentRefusal: Error, CustomStringConvertible {
    /// The path as the export writes it.
    public let reference: String
    public let reason: String

    public var description: String { "\(reference) refused: \(reason); nothing was read from it" }
}

/// Why an export could not be opened.
public struct ExportArchiveError: Error, CustomStringConvertible {
    private enum Reason {
        case missing(String)
        case noDocument(String)
        case unreadableZip(String, String)
        case notAnExport(String)
    }

    private let reason: Reason

    private init(_ reason: Reason) { self.reason = reason }

    /// Nothing is at `path`.
    static func missing(_ path: String) -> Self { Self(.missing(path)) }
    /// The zip or folder at `path` holds no export document.
    static func noDocument(_ path: String) -> Self { Self(.noDocument(path)) }
    /// The zip at `path` cannot be read, for `why`.
    static func unreadableZip(_ path: String, _ why: String) -> Self { Self(.unreadableZip(path, why)) }
    /// What is at `path` is no kind of export.
    static func notAnExport(_ path: String) -> Self { Self(.notAnExport(path)) }

    /// Whether the input named is not there at all (rather than there but unreadable).
    public var isMissing: Bool {
        if case .missing = reason { true } else { false }
    }

    public var description: String {
        switch reason {
        case .missing(let path): "\(path): no such file or folder"
        case .noDocument(let path):
            "\(path) holds no Apple Health export document (export.xml or its localized name): export again from Health → profile → Export All Health Data"
        case .unreadableZip(let path, let reason): "\(path): the zip cannot be read (\(reason)); it may be truncated: copy it again from the phone"
        case .notAnExport(let path): "\(path) is neither a zip, an XML file nor a folder: give export.zip, export.xml or the apple_health_export folder"
        }
    }
}
