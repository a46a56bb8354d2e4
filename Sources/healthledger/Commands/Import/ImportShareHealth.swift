import ArgumentParser
import HealthImport

struct ImportShareHealth: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sharehealth",
        abstract: "Import a folder of ShareHealth daily CSVs (YYYY/MM/HealthMetrics-YYYY-MM-DD.csv).",
        discussion: """
            Each value becomes a sample (or sleep stage, or activity-ring day) spanning its local day, \
            marked with its column. Unknown columns and blank cells are skipped and counted; a cell \
            that is not a number stops the import, naming file, line and column, before anything is stored. \
            The columns `export daily` adds to ShareHealth's (mood, fatigue, doses, symptoms) summarise \
            events a CSV cannot give back: they are counted as skipped; a bundle moves those events.
            """)
    @Argument(help: "The ShareHealth export folder (searched recursively).", completion: .directory) var directory: String
    @OptionGroup var options: ImportOptions
    @OptionGroup var vault: VaultOptions

    func run() throws {
        let ledger = try vault.openLedger()
        let folder = ShareHealthFolder(directory: directory, clock: try options.clock(), identity: ImportIdentity(ledger: ledger))
        try options.run(folder, into: ledger, vault: vault, input: directory, unit: "files")
    }
}
