import ArgumentParser
import DataExport
import Foundation
import LedgerCore

/// `export parquet DIR`: every table as zstd-compressed Parquet, for DuckDB, pandas and Spark.
struct ExportParquet: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "parquet",
        abstract: "Write every table as Parquet under DIR (samples and categories split by type=…), for DuckDB, pandas, polars and Spark.")
    @Argument(help: "The folder to write into; it must be new or empty.") var directory: String
    @Flag(help: "Replace the tables of an earlier export in DIR.") var force = false
    @Flag(help: "When the daily metrics view is from another algorithm version, replay it first.") var autoReplay = false
    @Flag(help: "Print the summary as one JSON object.") var json = false
    @OptionGroup var vault: VaultOptions

    func run() throws {
        let manager = FileManager.default
        var isDirectory: ObjCBool = false
        let exists = manager.fileExists(atPath: directory, isDirectory: &isDirectory)
        if exists, !isDirectory.boolValue {
            throw ExitStatus.Failure(status: .invalidInput, message: "\(directory) is a file; name a folder to write the Parquet tables into")
        }
        let ledger = try vault.openLedger()
        var exporter = ParquetExporter(ledger: ledger, directory: directory)
        let summary = try PlaintextExport.failures(directory) {
            if exists, let entries = try? manager.contentsOfDirectory(atPath: directory), !entries.isEmpty {
                guard force else { throw ExportError.exists(path: directory, reason: "it is not empty") }
                for folder in exporter.tableFolders where manager.fileExists(atPath: folder) { try manager.removeItem(atPath: folder) }
            }
            PlaintextExport.warn(directory)
            PlaintextExport.restrictNewFiles()
            try manager.createDirectory(atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            let state = try PlaintextExport.dailyMetrics(ledger, autoReplay: autoReplay)
            exporter.ratingScale = state.ratingScale
            let progress = Progress("exporting to \(directory)", total: Int(try ledger.count()), unit: "rows")
            defer { progress.finish() }
            return try exporter.run(metrics: PlaintextExport.dayReader(state)) { progress.update($0) }
        }
        PlaintextExport.printSummary(
            json: json, [("directory", .string(directory)), ("to_sequence", .int(Int64(summary.toSequence))), ("days", .int(Int64(summary.days)))],
            rows: summary.rows,
            text: "wrote \(directory): \(summary.rows.values.reduce(0, +)) rows from events 0..<\(summary.toSequence), \(summary.days) days of daily metrics")
    }
}
