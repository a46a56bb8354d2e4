import ArgumentParser
import DataExport
import Foundation
import LedgerCore

/// `export sqlite FILE`: the ledger as one SQLite database, for Datasette and sqlite3.
struct ExportSQLite: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sqlite",
        abstract: "Write every table into one SQLite database (Datasette, sqlite3); re-running on it adds only what is new.")
    @Argument(help: "The database file; an earlier export of this vault there is brought up to date.", completion: .file()) var file: String
    @Flag(help: "Replace FILE when it is anything but this vault's export.") var force = false
    @OptionGroup var options: PlaintextExportOptions

    func run() throws {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: file, isDirectory: &isDirectory), isDirectory.boolValue {
            throw ExitStatus.Failure(status: .invalidInput, message: "\(file) is a folder; name a database file")
        }
        let ledger = try options.vault.openLedger()
        var exporter = SQLiteExporter(ledger: ledger, path: file)
        let summary = try PlaintextExport.failures(file) {
            if case .other(let reason) = try exporter.existing(), !force {
                throw ExportError.exists(path: file, reason: reason)
            }
            PlaintextExport.warn(file)
            PlaintextExport.restrictNewFiles()
            return try PlaintextExport.run(&exporter, to: file, ledger: ledger, autoReplay: options.autoReplay)
        }
        let rows = summary.changes.values.reduce(0, +)
        PlaintextExport.printSummary(
            json: options.json,
            [("file", .string(file)), ("incremental", .bool(summary.isIncremental)), ("from_sequence", .int(Int64(summary.fromSequence))),
             ("to_sequence", .int(Int64(summary.toSequence))), ("days", .int(Int64(summary.days)))],
            rows: summary.changes,
            text: (summary.isIncremental ? "updated \(file): \(rows) rows changed" : "wrote \(file): \(rows) rows")
                + " from events \(summary.fromSequence)..<\(summary.toSequence), \(summary.days) days of daily metrics")
    }
}
