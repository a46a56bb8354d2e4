import Foundation
import LedgerCore
import LedgerCrypto

/// Fuzz targets for the importers' readers, one binary, the target named by FUZZ_TARGET:
/// `apple-health-xml` (the XML scanner, the Record reader and every element's events, with
/// the fixtures' workout routes as attachments), `sharehealth-csv` (a daily CSV as the
/// folder importer reads it) and `ecg-csv` (an ECG recording). Every input must either be
/// read or be refused with an error; nothing may trap.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHealthImport(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeRawBufferPointer(start: data, count: size)
    switch FuzzedReader.current {
    case .appleHealthXML: FuzzedReader.readExport(bytes)
    case .shareHealthCSV: FuzzedReader.readShareHealth(bytes)
    case .electrocardiogramCSV: _ = try? ElectrocardiogramCSV.parse(Array(bytes), file: "ecg_2024-01-01.csv")
    }
    return 0
}

enum FuzzedReader {
    case appleHealthXML, shareHealthCSV, electrocardiogramCSV

    static let current: FuzzedReader = {
        switch ProcessInfo.processInfo.environment["FUZZ_TARGET"] {
        case "apple-health-xml": .appleHealthXML
        case "sharehealth-csv": .shareHealthCSV
        case "ecg-csv": .electrocardiogramCSV
        case let other: fatalError("FUZZ_TARGET must be apple-health-xml, sharehealth-csv or ecg-csv, not \(other ?? "unset")")
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
}
