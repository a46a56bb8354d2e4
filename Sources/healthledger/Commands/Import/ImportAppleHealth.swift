import ArgumentParser
import Foundation
import HealthImport
import LedgerApplication
import LedgerCore
import Projections

struct ImportAppleHealth: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "apple-health",
        abstract: "Import export.zip (read in place), export.xml or the apple_health_export folder.",
        discussion: """
            Streams any size of export with flat memory. Every record gets an id from its content, so \
            importing again, a newer export, or after an interruption stores only what is missing.
            """)
    @Argument(help: "export.zip, export.xml (or its localized name), or the unzipped folder.", completion: .file()) var path: String
    @Option(help: ArgumentHelp(
        "IANA time zone you live in (e.g. Europe/Paris), for samples that do not name their own.",
        discussion: "An export writes every date at the offset in force when it was made. A sample that names its zone (HKTimeZone) is read in that zone; the others in this one; without it they keep the export's offset."))
    var zone: String?
    @Flag(help: "Print the summary as JSON.") var json = false
    @OptionGroup var vault: VaultOptions

    func run() throws {
        if let zone, TimeZone(identifier: zone) == nil {
            throw ExitStatus.Failure(status: .invalidInput, message: "--zone \(zone) is not an IANA time zone name (like Europe/Paris); nothing was imported")
        }
        let application = try vault.application()
        let progress = Progress("importing")
        let started = Date()
        // Views fold the events as they commit; if they cannot (one needs a replay), the
        // import goes on and the catch-up afterwards says why.
        let summary: ImportSummary = try application.appendInBulk { views in
            var fold: (@Sendable ([Event], UInt64) -> Void)?
            if let views { fold = { views.apply($0, first: $1) } }
            let importer = AppleHealthImporter(
                ledger: application.ledger, homeZone: zone, onPrepared: fold, onCommit: { views?.confirm($0) }, onStart: { views?.follow(hurry: $0, failed: $1) }
            ) { state in
                let fraction = state.bytesTotal > 0 ? Double(state.bytesRead) / Double(state.bytesTotal) : 0
                progress.update(state.records, fraction: fraction, detail: ImportReport.shortType(state.currentType))
            }
            defer { progress.finish() }
            do {
                return try importer.run(path: path)
            } catch {
                throw ImportReport.failure(error, input: path)
            }
        }
        let seconds = Date().timeIntervalSince(started)
        ImportReport.print(summary, input: path, seconds: seconds, json: json)
    }
}
