import ArgumentParser
import HealthImport

struct ImportHealthAutoExport: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "health-auto-export",
        abstract: "Import Health Auto Export JSON files (the iOS app's automatic exports): one file, or every .json under a folder.",
        discussion: """
            Each point is stored once under the source "Health Auto Export", at the offset its date was written \
            with; a re-sent window stores nothing again, and a bucket re-sent with another value becomes a \
            correction. Daily metrics count these points only where no sample of the same metric and day is \
            held (a full Apple Health import wins). Metrics without a HealthKit type, and workouts, are kept \
            whole and named in the notes. A malformed file stops the import, naming file and field, before \
            anything is stored (exit \(ExitStatus.invalidInput.rawValue)). `sources` lists the delivery.
            """)
    @Argument(help: "A Health Auto Export .json file, or a folder of them (searched recursively).", completion: .file()) var input: String
    @Flag(help: "Print the summary as one JSON object on stdout.") var json = false
    @OptionGroup var vault: VaultOptions

    func run() throws {
        let ledger = try vault.openLedger()
        let files = HealthAutoExportFolder(input: input, ledger: ledger)
        let summary = try ImportOptions.run(files, into: ledger, vault: vault, input: input, unit: "files", json: json)
        try FolderDelivery.record(summary, apps: files.deliveredApps, folder: input, ledger: ledger)
    }
}
