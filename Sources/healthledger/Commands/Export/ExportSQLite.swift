import ArgumentParser
import DataExport
import Foundation
import LedgerCore

/// `export sqlite FILE`: the ledger as one SQLite database, for Datasette and sqlite3.
struct ExportSQLite: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sqlite",
        abstract: "Write every table into one SQLite database (Datasette, sqlite3); re-running on it adds only what is new.")
    @Argument(help: "The database file; an earlier export of this vault there is brought up to date.") var file: String
    @Flag(help: "Replace FILE when it is anything but this vault's export.") var force = false
    @Flag(help: "When the daily metrics view is from another algorithm version, replay it first.") var autoReplay = false
    @Flag(help: "Print the summary as one JSON object.") var json = false
    @OptionGroup var vault: VaultOptions

    func run() throws {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: file, isDirectory: &isDirectory), isDirectory.boolValue {
            throw ExitStatus.Failure(status: .invalidInput, message: "\(file) is a folder; name a database file")
        }
        let ledger = try vault.openLedger()
        var exporter = SQLiteExporter(ledger: ledger, path: file)
        let summary = try PlaintextExport.failures(file) {
            if case .other(let reason) = try exporter.existing(), !force {
                throw ExportError.exists(path: file, reason: reason)
            }
            PlaintextExport.warn(file)
            PlaintextExport.restrictNewFiles()
            let state = try PlaintextExport.dailyMetrics(ledger, autoReplay: autoReplay)
            exporter.ratingScale = state.ratingScale
            let total = try ledger.count()
            let progress = Progress("exporting to \(file)", total: Int(total), unit: "rows")
            defer { progress.finish() }
            return try exporter.run(metrics: PlaintextExport.dayReader(state)) { progress.update($0) }
        }
        let rows = summary.changes.values.reduce(0, +)
        PlaintextExport.printSummary(
            json: json,
            [("file", .string(file)), ("incremental", .bool(summary.isIncremental)), ("from_sequence", .int(Int64(summary.fromSequence))),
             ("to_sequence", .int(Int64(summary.toSequence))), ("days", .int(Int64(summary.days)))],
            rows: summary.changes,
            text: (summary.isIncremental ? "updated \(file): \(rows) rows changed" : "wrote \(file): \(rows) rows")
                + " from events \(summary.fromSequence)..<\(summary.toSequence), \(summary.days) days of daily metrics")
    }
}
