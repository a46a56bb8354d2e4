import ArgumentParser
import Foundation

/// `health-export-gen`: writes a realistic Apple Health export of a chosen size, the same
/// bytes for the same seed, for import tests and benchmarks.
@main
struct HealthExportGen: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "health-export-gen",
        abstract: "Write a realistic Apple Health export.zip of N records, the same for the same seed.",
        discussion: """
        N counts the top-level elements under <HealthData> (other than ExportDate) plus the ECG files, \
        which is what --manifest reports as `total`. The export is written in two passes: the first counts, \
        the second streams the XML into the zip, so memory stays flat whatever N.
        """)

    @Option(help: "How many top-level elements (records, correlations, workouts…) plus ECG files to write.")
    var records: Int

    @Option(help: "Where to write export.zip (or the XML, with --xml-only).")
    var out: String

    @Option(help: "Seed: the same seed writes the same bytes.")
    var seed: UInt64 = 1

    @Option(help: "The main XML's name in the zip; localized exports use exportar.xml, 导出.xml, Export.xml…")
    var xmlName = "export.xml"

    @Option(help: "The phone's locale: decimal-comma languages (de_DE, fr_FR…) write ECG voltages and beat times their way.")
    var locale = "en_US"

    @Option(help: "Also write the exact counts of what was written, as JSON, to this file.")
    var manifest: String?

    @Flag(help: "Leave out the oddities of real exports: the broken iOS 16 DTD, control characters, changing UTC offsets, units in metadata and the like.")
    var noQuirks = false

    @Flag(help: "Write only the XML, uncompressed, with no route or ECG files.")
    var xmlOnly = false

    func validate() throws {
        guard records >= 100 else { throw ValidationError("--records must be at least 100") }
        guard !xmlName.isEmpty, !xmlName.contains("/") else { throw ValidationError("--xml-name is a file name, without folders") }
    }

    func run() throws {
        let started = Date()
        let settings = ExportSettings(targetTotal: records, seed: seed, quirks: !noQuirks, locale: ExportLocale(identifier: locale),
                                      xmlName: xmlName, writesFiles: !xmlOnly)
        let schedule = ExportSchedule(settings: settings)
        let document = ExportDocument(schedule: schedule)
        let layout = ExportPlanner(document: document).layout()
        let counted = Date()
        let url = URL(fileURLWithPath: out)
        var files = ""
        if xmlOnly {
            try ExportXMLFileWriter(document: document, layout: layout).write(to: url)
        } else {
            let written = try ExportArchiveWriter(document: document, layout: layout).write(to: url)
            files = ", \(written.routes) route and \(written.electrocardiograms) ECG files"
        }
        if let manifest {
            let xmlPath = xmlOnly ? url.lastPathComponent : ExportArchiveWriter.root + xmlName
            try layout.manifest.json(settings: settings, days: layout.days, firstDay: schedule.date(ofDay: 0), xmlPath: xmlPath)
                .write(to: URL(fileURLWithPath: manifest))
        }
        let seconds = Date().timeIntervalSince(started)
        let megabytes = Double(layout.xmlSize) / 1_000_000
        FileHandle.standardError.write(Data("""
            wrote \(out): \(layout.manifest.total) elements and ECG files over \(layout.days) days, \
            \(String(format: "%.0f", megabytes)) MB of XML\(files), in \(String(format: "%.1f", seconds)) s \
            (counting \(String(format: "%.1f", counted.timeIntervalSince(started))) s)

            """.utf8))
    }
}
