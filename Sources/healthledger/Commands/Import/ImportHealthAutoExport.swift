import ArgumentParser
import HealthImport

struct ImportHealthAutoExport: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "health-auto-export",
        abstract: "Import Health Auto Export files (the iOS app's automatic exports): one JSON or CSV file, or every .json and .csv under a folder.",
        discussion: """
            Each point is stored once under the source "Health Auto Export", at the offset its date was written \
            with; a re-sent window stores nothing again, and a bucket re-sent with another value becomes a \
            correction. Daily metrics count these points only where no sample of the same metric and day is \
            held (a full Apple Health import wins). Workouts are workout.recorded; metrics without a HealthKit \
            type are kept whole and named in the notes. A CSV file's times carry no offset: they are read in \
            --zone; a CSV of a layout this version does not read (the app's routes) is kept whole, row by row, and \
            named in the notes. A malformed file stops the import, naming file and field (a CSV's line and column), before \
            anything is stored (exit \(ExitStatus.invalidInput.rawValue)). `sources` lists the delivery.
            """)
    @Argument(help: "A Health Auto Export .json or .csv file, or a folder of them (searched recursively).", completion: .file(extensions: ["json", "csv"])) var input: String
    @OptionGroup var options: ImportOptions
    @OptionGroup var vault: VaultOptions

    func run() throws {
        let ledger = try vault.openLedger()
        let files = HealthAutoExportFolder(input: input, ledger: ledger, clock: try options.clock())
        let summary = try ImportOptions.run(files, into: ledger, vault: vault, input: input, unit: "files", json: options.json)
        try FolderDelivery.record(summary, apps: files.deliveredApps, folder: input, ledger: ledger)
    }
}
