import ArgumentParser
import DataExport
import Foundation
import LedgerCore
import LedgerStore

/// `export parquet DIR`: every table as zstd-compressed Parquet, for DuckDB, pandas and Spark.
struct ExportParquet: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "parquet",
        abstract: "Write every table as Parquet under DIR (samples and categories split by type=…), for DuckDB, pandas, polars and Spark.")
    @Argument(help: "The folder to write into; it must be new or empty.", completion: .directory) var directory: String
    @Flag(help: "Replace the tables of an earlier export in DIR (once the new ones are written whole).") var force = false
    @Option(help: "Only events that started on this day or later, and the daily metrics from it (YYYY-MM-DD, \"30d ago\"); default: the whole history.") var from: String?
    @Option(help: "Only events that started on this day or earlier, and the daily metrics up to it; default with --from: today.") var to: String?
    @OptionGroup var options: PlaintextExportOptions

    func run() throws {
        let manager = FileManager.default
        var isDirectory: ObjCBool = false
        let exists = manager.fileExists(atPath: directory, isDirectory: &isDirectory)
        if exists, !isDirectory.boolValue {
            throw ExitStatus.Failure(status: .invalidInput, message: "\(directory) is a file; name a folder to write the Parquet tables into")
        }
        let ledger = try options.vault.openLedger()
        var exporter = ParquetExporter(ledger: ledger, directory: directory)
        exporter.days = try days(ledger)
        let summary = try PlaintextExport.failures(directory) {
            if exists, let entries = try? manager.contentsOfDirectory(atPath: directory), !entries.isEmpty {
                // With --force the exporter replaces the earlier tables once the new ones are whole.
                guard force else { throw ExportError.exists(path: directory, reason: "it is not empty") }
            }
            PlaintextExport.warn(directory)
            PlaintextExport.restrictNewFiles()
            try manager.createDirectory(atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            return try PlaintextExport.run(&exporter, to: directory, ledger: ledger, autoReplay: options.autoReplay)
        }
        PlaintextExport.printSummary(
            json: options.json, [("directory", .string(directory)), ("to_sequence", .int(Int64(summary.toSequence))), ("days", .int(Int64(summary.days)))],
            rows: summary.rows,
            text: "wrote \(directory): \(summary.rows.values.reduce(0, +)) rows from events 0..<\(summary.toSequence)"
                + (exporter.days.map { " that started \($0.lowerBound)–\($0.upperBound)" } ?? "") + ", \(summary.days) days of daily metrics")
    }

    /// The days asked for, or nil for the whole history: a month's export reads that month.
    private func days(_ ledger: Ledger) throws -> ClosedRange<LocalDay>? {
        guard from != nil || to != nil else { return nil }
        let last = try to.map(LocalTime.day) ?? LocalTime.today
        let first = try from.map(LocalTime.day) ?? ledger.startedDays()?.lowerBound ?? last
        guard first <= last else { throw ExitStatus.Failure(status: .invalidInput, message: "--from \(first) is after --to \(last)") }
        return first...last
    }
}
