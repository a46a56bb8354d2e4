import ArgumentParser
import Foundation
import LedgerCore
import LedgerStore
import Projections

struct ExportDaily: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "daily", abstract: "Write YYYY/MM/HealthMetrics-YYYY-MM-DD.csv files in ShareHealth's layout, one per day.")
    @Argument(help: "The folder to write into.", completion: .directory) var directory: String
    @OptionGroup var range: DayRange
    @Flag(help: "Print the summary as one JSON object.") var json = false
    @OptionGroup var view: ViewOptions
    @OptionGroup var vault: VaultOptions

    func run() throws {
        let ledger = try vault.openLedger()
        let state = try view.dailyMetrics(ledger: ledger)
        let days = try range.days(earliest: { try Self.earliestDay(ledger) }).allDays
        PlaintextExport.warn(directory)
        let progress = Progress("exporting days", total: days.count)
        var written = 0
        var failures: [String] = []
        for (index, day) in days.enumerated() {
            let path = directory + "/" + DailyCSV.relativePath(for: day)
            do {
                let metrics = try state.metrics(for: day)
                try PrivateFile.createOutputFolder(PathText.folder(of: path))
                try PrivateFile.writeOutput(DailyCSV.file(metrics, ratingScale: state.ratingScale), to: path)
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
        if let problem = Self.appendLog(["\(now.iso8601(utcOffset: 0)) \(summary)"] + failures.map { "  " + $0 }, to: log) {
            FileHandle.standardError.write(Data("healthledger: the days are written, but \(problem)\n".utf8))
        }
        if json {
            print(JSONWriter.string(Document([
                ("directory", .string(directory)), ("days", .int(Int64(days.count))), ("written", .int(Int64(written))),
                ("failures", .array(failures.map { .string($0) })), ("log", .string(log)),
            ])))
        } else {
            print(summary + (failures.isEmpty ? "" : " (see \(log))"))
        }
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
        // PrivateFile.writeOutput's failures say "cannot write PATH: reason"; the log names the path already.
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
    /// A symbolic link there is not followed (it could point the log at any file of the user's);
    /// returns what kept the lines from being written, for a warning.
    static func appendLog(_ lines: [String], to path: String) -> String? {
        let text = Data((lines.joined(separator: "\n") + "\n").utf8)
        let descriptor: Int32
        do {
            descriptor = try OwnerOnlyFile.open(path, existing: .append)
        } catch {
            return error.code == ELOOP
                ? "\(path) is a symbolic link, which is not followed: nothing was added to it; remove it and export again to keep a log"
                : "nothing was added to \(path): \(error.reason)"
        }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        do {
            try handle.write(contentsOf: text)
        } catch {
            return "nothing was added to \(path): \(reason(error))"
        }
        return nil
    }
}
