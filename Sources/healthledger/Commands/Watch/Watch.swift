import ArgumentParser
import Foundation
import HealthImport
import LedgerCore
import LedgerStore

struct Watch: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "watch",
        abstract: "Import Health Auto Export files (JSON or CSV) as they arrive in a synced folder (inotify), each new or grown file once.",
        discussion: """
            First imports the .json and .csv files already in DIR (and its subfolders), then waits for files written or \
            moved in, and imports each new or changed one, printing what it stored (one JSON object per file with \
            --json). A file that does not change is not read again. A malformed file is reported on stderr with \
            its field and stores nothing; the watch goes on. A symbolic link is refused, as in every folder import. \
            A CSV file's times carry no offset: they are read in --zone; one of a layout this version does not \
            read (the app's routes) is kept whole, row by row, a grown one only its new rows. \
            Stop it with Ctrl-C or SIGTERM: each file's import is committed whole or not at all.
            """)
    @Argument(help: "The folder Health Auto Export's automation writes into.", completion: .directory) var directory: String
    @Option(help: "IANA time zone a CSV file's times were written in (default: this machine's, e.g. Europe/Paris).") var zone: String?
    @Flag(help: "One JSON summary object per imported file, on its own line.") var json = false
    @OptionGroup var vault: VaultOptions

    func run() throws {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isFolder), isFolder.boolValue else {
            throw ExitStatus.Failure(status: .noVault, message: "\(directory): no such folder")
        }
        let clock = try ImportOptions.clock(zone: zone)
        let ledger = try vault.openLedger()
        let watch = try FolderWatch(root: directory)
        var seen = DeliveredFiles()
        let present = (FileManager.default.enumerator(atPath: directory)?.allObjects as? [String] ?? []).sorted()
        for relative in present { importIfNew(directory + "/" + relative, ledger: ledger, clock: clock, seen: &seen) }
        FileHandle.standardError.write(Data("watching \(directory) for Health Auto Export files (Ctrl-C to stop)\n".utf8))
        while true {
            for path in try watch.next() { importIfNew(path, ledger: ledger, clock: clock, seen: &seen) }
        }
    }

    /// Imports `path` when it is a regular .json or .csv file not imported at this size and time.
    private func importIfNew(_ path: String, ledger: Ledger, clock: LocalClock, seen: inout DeliveredFiles) {
        let name = (path as NSString).lastPathComponent
        guard HealthAutoExportFolder.isExport(name), !name.hasPrefix(".") else { return }
        guard let status = Platform.statusNotFollowingLinks(path) else { return }
        guard status.kind == .regularFile else {
            if status.kind == .symbolicLink {
                report("\(path): it is a symbolic link, and a watch reads only the files inside its folder; copy the file itself in")
            }
            return
        }
        guard seen.isNew(path, status) else { return }
        do {
            let files = HealthAutoExportFolder(input: path, ledger: ledger, clock: clock)
            let summary = try ImportOptions.run(files, into: ledger, vault: vault, input: path, unit: "files", json: json)
            try FolderDelivery.record(summary, apps: files.deliveredApps, folder: directory, ledger: ledger)
            // A pipe is block-buffered: the summary would wait for the watch to end.
            Platform.flushPrintedOutput()
        } catch let error as ImportError {
            report("\(error)")
        } catch {
            report(ImportReport.failure(error, input: path).message)
        }
    }

    private func report(_ message: String) {
        FileHandle.standardError.write(Data("healthledger: \(TerminalText.escaped(message))\n".utf8))
    }
}
