import ArgumentParser
import Foundation
import LedgerCore
import Projections

struct Daily: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Daily metrics (ShareHealth's 100+ columns and the ledger's own), per local day.")
    @OptionGroup var range: DayRange
    @Flag(help: "One JSON object per day.") var json = false
    @Flag(help: "CSV: the header row, then one row per day.") var csv = false
    @OptionGroup var view: ViewOptions
    @OptionGroup var vault: VaultOptions

    func run() throws {
        let ledger = try vault.openLedger()
        let state = try view.state(DailyMetricsView.self, ledger: ledger)
        let rows = try range.days().allDays.map { try state.metrics(for: $0) }
        if csv {
            print(DailyCSV.file(rows[0]).split(separator: "\n")[0])
            for row in rows { print(DailyCSV.file(row).split(separator: "\n")[1]) }
            return
        }
        for row in rows {
            let present = MetricCatalog.columns.indices.compactMap { index in row.values[index].map { (MetricCatalog.columns[index], $0) } }
            if json {
                var values = Document()
                for (column, value) in present { values[column.key] = .double(value) }
                print(JSONWriter.string(["date": .string(row.day.description), "metrics": .map(values)]))
            } else {
                print(row.day.description + (present.isEmpty ? "  (no data)" : ""))
                for (column, value) in present { print("  \(column.header): \(Self.format(value))") }
            }
        }
    }

    static func format(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e12 ? String(Int64(value)) : String(format: "%.2f", value)
    }
}

struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "export", abstract: "Export views to files.", subcommands: [ExportDaily.self, ExportActivities.self, ExportMedications.self, ExportMoods.self, ExportBundle.self])
}

struct ExportDaily: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "daily", abstract: "Write YYYY/MM/HealthMetrics-YYYY-MM-DD.csv files in ShareHealth's layout, one per day.")
    @Argument(help: "The folder to write into.") var directory: String
    @OptionGroup var range: DayRange
    @OptionGroup var view: ViewOptions
    @OptionGroup var vault: VaultOptions

    func run() throws {
        let ledger = try vault.openLedger()
        let state = try view.state(DailyMetricsView.self, ledger: ledger)
        let days = try range.days().allDays
        let progress = Progress("exporting days", total: days.count)
        var written = 0
        var failures: [String] = []
        for (index, day) in days.enumerated() {
            let path = directory + "/" + DailyCSV.relativePath(for: day)
            do {
                let metrics = try state.metrics(for: day)
                try PrivateOutput.createFolder((path as NSString).deletingLastPathComponent)
                try PrivateOutput.write(DailyCSV.file(metrics), to: path)
                written += 1
            } catch {
                failures.append("\(day): \(error)")
            }
            progress.update(index + 1)
        }
        progress.finish()
        let log = directory + "/export-log.txt"
        let summary = "exported \(written) of \(days.count) days to \(directory)" + (failures.isEmpty ? "" : "; \(failures.count) failed")
        try? PrivateOutput.write(([summary] + failures).joined(separator: "\n").appending("\n"), to: log)
        print(summary + (failures.isEmpty ? "" : " (see \(log))"))
        if !failures.isEmpty { throw ExitCode(ExitStatus.ioError.rawValue) }
    }
}

struct Replay: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Rebuild views from sequence 0 after an algorithm change, show what changes, then switch atomically.")
    @Argument(help: "Projections to replay (default: all).") var names: [String] = []
    @Flag(help: "Only report what would change.") var dryRun = false
    @OptionGroup var vault: VaultOptions

    func run() throws {
        let ledger = try vault.openLedger()
        for name in names.isEmpty ? ProjectionCatalog.names : names {
            let report: ReplayReport
            do {
                report = try ProjectionCatalog.replay(name, ledger: ledger, dryRun: dryRun)
            } catch let error as UnknownProjection {
                throw ExitStatus.Failure(status: .invalidInput, message: "\(error)")
            }
            print(report.summary)
            for line in report.details { print("  \(line)") }
        }
    }
}
