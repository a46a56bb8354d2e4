import Foundation
import LedgerCore
import LedgerCrypto
import Zip

/// Fuzz targets for the importers' readers, one binary, the target named by FUZZ_TARGET:
/// `apple-health-xml` (the XML scanner, the Record reader and every element's events, with
/// the fixtures' workout routes as attachments), `sharehealth-csv` (a daily CSV as the
/// folder importer reads it), `ecg-csv` (an ECG recording) and `zip-directory` (a zip's
/// central directory, ZIP64 included, and every entry it locates inflated by ISA-L). Every
/// input must either be read or be refused with an error; nothing may trap.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHealthImport(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeRawBufferPointer(start: data, count: size)
    switch FuzzedReader.current {
    case .appleHealthXML: FuzzedReader.readExport(bytes)
    case .shareHealthCSV: FuzzedReader.readShareHealth(bytes)
    case .electrocardiogramCSV: _ = try? ElectrocardiogramCSV.parse(Array(bytes), file: "ecg_2024-01-01.csv")
    case .zipDirectory: FuzzedReader.readZip(bytes)
    }
    return 0
}

enum FuzzedReader {
    case appleHealthXML, shareHealthCSV, electrocardiogramCSV, zipDirectory

    static let current: FuzzedReader = {
        switch ProcessInfo.processInfo.environment["FUZZ_TARGET"] {
        case "apple-health-xml": .appleHealthXML
        case "sharehealth-csv": .shareHealthCSV
        case "ecg-csv": .electrocardiogramCSV
        case "zip-directory": .zipDirectory
        case let other: fatalError("FUZZ_TARGET must be apple-health-xml, sharehealth-csv, ecg-csv or zip-directory, not \(other ?? "unset")")
        }
    }()

    static let identity = ImportIdentity(key: SecretBytes.random(32))

    /// A bare export.xml beside the fixtures' workout routes, so route references resolve.
    static let archive: ExportArchive = {
        let folder = ProcessInfo.processInfo.environment["FUZZ_EXPORT_FOLDER"] ?? "Tests/HealthImportTests/Fixtures/apple-health/health-data-parser"
        do { return try ExportArchive(path: folder + "/export.xml") } catch { fatalError("FUZZ_EXPORT_FOLDER: \(error)") }
    }()

    /// Feeds the input in two chunks split where its first byte says, so tags cut across
    /// chunk boundaries are exercised too.
    static func readExport(_ bytes: UnsafeRawBufferPointer) {
        let scanner = XMLTagScanner(file: "export.xml")
        let builder = ExportEventBuilder(scanner: scanner, identity: identity, attachments: archive) { _ in }
        let split = bytes.isEmpty ? 0 : Int(bytes[0]) % (bytes.count + 1)
        do {
            try scanner.feed(UnsafeRawBufferPointer(rebasing: bytes[..<split])) { try builder.handle($0) }
            try scanner.feed(UnsafeRawBufferPointer(rebasing: bytes[split...])) { try builder.handle($0) }
            try scanner.finish()
            try builder.flush()
        } catch {}
    }

    static func readShareHealth(_ bytes: UnsafeRawBufferPointer) {
        let folder = ShareHealthFolder(directory: "/", clock: LocalClock(zone: TimeZone(identifier: "Europe/Berlin")!), identity: identity)
        var summary = ImportSummary()
        guard let days = try? folder.days(parsing: String(decoding: bytes, as: UTF8.self), file: "2024/01/HealthMetrics-2024-01-15.csv", summary: &summary) else { return }
        for day in days { _ = try? day.events(identity: identity, summary: &summary) }
    }

    /// The input as a zip file (in memory, through one reused memfd): its directory read,
    /// every entry it locates streamed.
    static let zipFile = memfd_create("fuzz-zip", 0)

    static func readZip(_ bytes: UnsafeRawBufferPointer) {
        guard ftruncate(zipFile, 0) == 0, bytes.isEmpty || pwrite(zipFile, bytes.baseAddress, bytes.count, 0) == bytes.count,
              let directory = ZipDirectory(descriptor: zipFile) else { return }
        for item in directory.items.prefix(64) {
            guard let start = ZipDirectory.dataOffset(of: item, descriptor: zipFile) else { continue }
            var total = 0
            // Stops a claimed size the input cannot hold from inflating without end.
            _ = try? ZipEntryStream.read(item, at: start, descriptor: zipFile, chunkSize: 1 << 16) { chunk in
                total += chunk.count
                if total > 1 << 26 { throw ZipEntryStream.Failure.truncated }
            }
        }
    }
}
