import DataExport
import Foundation
import LedgerApplication
import LedgerCore
import LedgerStore
import Projections

/// What every export of health data to an analysis format shares: it warns that the output
/// is plaintext, keeps what it creates private, and reads the daily metrics view on the
/// vault's rating scale, as `daily` shows it.
enum PlaintextExport {
    /// Said on stderr before anything is written, so it shows even when stdout is piped.
    static func warn(_ path: String) {
        let text = "healthledger: \(path) will hold your health records in plaintext, outside the vault's encryption: "
            + "anyone who can read it reads them. It is created readable by you only (files 0600, folders 0700); "
            + "delete it when you are done.\n"
        FileHandle.standardError.write(Data(text.utf8))
    }

    /// New files and folders (SQLite's journal, Parquet's partitions) get no group or other bits.
    static func restrictNewFiles() { umask(0o077) }

    static func dailyMetrics(_ ledger: Ledger, autoReplay: Bool) throws -> DailyMetricsViewState {
        do {
            return try VaultApplication.dailyMetrics(ledger: ledger, reading: CurrentViews(autoReplay: autoReplay))
        } catch let error as ProjectionVersionError {
            throw ExitStatus.Failure(status: .needsReplay, message: "\(error)")
        }
    }

    /// The views brought up to date, the daily metrics' catch-up shown as it goes.
    private struct CurrentViews: ViewReading {
        let autoReplay: Bool

        func state<P: ProjectionKind>(_ kind: P.Type, ledger: Ledger) throws -> P.State {
            var progress: Progress?
            defer { progress?.finish() }
            let shown = P.self == DailyMetricsView.self
            return try VaultApplication.view(kind, ledger: ledger, autoReplay: autoReplay) { folded, total in
                guard shown else { return }
                progress = progress ?? Progress("bringing daily metrics up to date", total: Int(total), unit: "events")
                progress?.update(Int(folded))
            }
        }
    }

    /// Runs `exporter` into `path` on the vault's rating scale, showing its progress.
    static func run<Exporter: PlaintextExporter>(_ exporter: inout Exporter, to path: String, ledger: Ledger, autoReplay: Bool) throws -> Exporter.Summary {
        let state = try dailyMetrics(ledger, autoReplay: autoReplay)
        exporter.ratingScale = state.ratingScale
        let progress = Progress("exporting to \(path)", total: Int(try ledger.count()), unit: "rows")
        defer { progress.finish() }
        return try exporter.run(metrics: dayReader(state)) { progress.update($0) }
    }

    /// Reads each day's metrics from `state`, forgetting the days read so far every 64 days:
    /// the view keeps every partition it loads, which over years of days would grow with
    /// the vault. `state` comes from `dailyMetrics`, whose changes are already saved.
    static func dayReader(_ state: DailyMetricsViewState) -> (LocalDay) throws -> DayMetrics {
        var read = 0
        return { day in
            read += 1
            if read % 64 == 0 { state.evict() }
            return try state.metrics(for: day)
        }
    }

    /// Runs an export, turning its failures into the command's exit statuses.
    static func failures<T>(_ path: String, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as ExportError {
            let status: ExitStatus = error.isExisting ? .vaultExists : error.isDiskFull ? .diskFull : .ioError
            throw ExitStatus.Failure(status: status, message: "\(error)")
        } catch let error as CocoaError {
            throw ExitStatus.Failure(status: .ioError, message: "\(path): \(error.localizedDescription)")
        }
    }

    static func printSummary(json: Bool, _ fields: [(String, DocValue)], rows: [String: Int], text: String) {
        if json {
            var counts = Document()
            for (table, count) in rows.sorted(by: { $0.key < $1.key }) { counts[table] = .int(Int64(count)) }
            print(JSONWriter.string(Document(fields + [("rows", .map(counts))])))
        } else {
            print(text)
            for (table, count) in rows.sorted(by: { $0.key < $1.key }) { print("  \(table): \(count)") }
        }
    }
}
