import ArgumentParser
import Foundation
import LedgerCore
import LedgerStore
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
        let state = try view.dailyMetrics(ledger: ledger)
        let rows = try range.days().allDays.map { try state.metrics(for: $0) }
        if csv {
            print(DailyCSV.file(rows[0], ratingScale: state.ratingScale).split(separator: "\n")[0])
            for row in rows { print(DailyCSV.file(row).split(separator: "\n")[1]) }
            return
        }
        for row in rows {
            let present = MetricCatalog.columns.indices.compactMap { index in row.values[index].map { (MetricCatalog.columns[index], $0) } }
            if json {
                var values = Document()
                for (column, value) in present { values[column.key] = .double(Self.shown(value, column)) }
                print(JSONWriter.string(["date": .string(row.day.description), "metrics": .map(values)]))
            } else {
                print(row.day.description + (present.isEmpty ? "  (no data)" : ""))
                for (column, value) in present { print("  \(column.header(on: state.ratingScale)): \(Self.format(Self.shown(value, column)))") }
            }
        }
    }

    static func format(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e12 ? String(Int64(value)) : String(format: "%.2f", value)
    }

    static func shown(_ value: Double, _ column: MetricColumn) -> Double { column.shown(value) }
}

struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "export", abstract: "Export views to files.", subcommands: [ExportDaily.self, ExportActivities.self, ExportMedications.self, ExportMoods.self, ExportBundle.self, ExportSQLite.self, ExportParquet.self])
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
        let state = try view.dailyMetrics(ledger: ledger)
        let days = try range.days(earliest: { try Self.earliestDay(ledger) }).allDays
        let progress = Progress("exporting days", total: days.count)
        var written = 0
        var failures: [String] = []
        for (index, day) in days.enumerated() {
            let path = directory + "/" + DailyCSV.relativePath(for: day)
            do {
                let metrics = try state.metrics(for: day)
                try PrivateOutput.createFolder((path as NSString).deletingLastPathComponent)
                try PrivateOutput.write(DailyCSV.file(metrics, ratingScale: state.ratingScale), to: path)
                written += 1
            } catch {
                failures.append("\(day): not written to \(path): \(Self.reason(error))")
            }
            progress.update(index + 1)
        }
        progress.finish()
        let log = directory + "/export-log.txt"
        let summary = "exported \(written) of \(days.count) days to \(directory)" + (failures.isEmpty ? "" : "; \(failures.count) failed")
        let now = Timestamp(micros: Timestamp.now().micros / 1_000_000 * 1_000_000)
        Self.appendLog(["\(now.iso8601(utcOffset: 0)) \(summary)"] + failures.map { "  " + $0 }, to: log)
        print(summary + (failures.isEmpty ? "" : " (see \(log))"))
        if !failures.isEmpty { throw ExitCode(ExitStatus.ioError.rawValue) }
    }
}

extension ExportDaily {
    /// The local day of the earliest event in the log: what ShareHealth's historical export
    /// calls "the earliest available date".
    static func earliestDay(_ ledger: Ledger) throws -> LocalDay {
        var earliest: LocalDay?
        try ledger.forEach { stored in
            let day = LocalDay(stored.event.start, utcOffset: stored.event.utcOffset)
            if earliest.map({ day < $0 }) ?? true { earliest = day }
            return true
        }
        guard let earliest else { throw ExitStatus.Failure(status: .invalidInput, message: "--from earliest: the vault holds no events yet") }
        return earliest
    }

    /// What went wrong, in words: the system's reason, not the error's type dump.
    static func reason(_ error: any Error) -> String {
        // PrivateOutput's failures say "cannot write PATH: reason"; the log names the path already.
        if let failure = error as? ExitStatus.Failure {
            return failure.message.range(of: ": ", options: .backwards).map { String(failure.message[$0.upperBound...]) } ?? failure.message
        }
        if let posix = ((error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError), posix.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(posix.code)))
        }
        if ExitStatus.classify(error) != nil { return "\(error)" }
        return (error as NSError).localizedDescription
    }

    /// Each run's lines go after the earlier runs', so a failure is still there after the next export.
    static func appendLog(_ lines: [String], to path: String) {
        let text = Data((lines.joined(separator: "\n") + "\n").utf8)
        if !FileManager.default.fileExists(atPath: path) { FileManager.default.createFile(atPath: path, contents: nil, attributes: [.posixPermissions: 0o600]) }
        guard let handle = FileHandle(forWritingAtPath: path) else { return }
        defer { try? handle.close() }
        _ = try? handle.seekToEnd()
        try? handle.write(contentsOf: text)
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
