import ArgumentParser
import HealthImport

struct ImportFaces: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "faces",
        abstract: "Import ShareHealth face captures (Face-YYYY-MM-DD_HHMMSS.jpg with its .json) in any of its folder layouts.",
        discussion: """
            Finds captures under faces/YYYY/MM/, in a flat folder, or with their metrics in \
            annotations/mediapipe/. Each image is sealed under its own key in the vault \
            (`healthledger show ID --image OUT.jpg` writes it back); a _health.json beside it \
            becomes that day's samples. A capture without its .json is skipped and reported.
            """)
    @Argument(help: "The folder holding the captures (searched recursively).", completion: .directory) var directory: String
    @OptionGroup var options: ImportOptions
    @OptionGroup var vault: VaultOptions

    func run() throws {
        let ledger = try vault.openLedger()
        let folder = FaceCaptureFolder(directory: directory, clock: try options.clock(), identity: ImportIdentity(ledger: ledger))
        try options.run(folder, into: ledger, vault: vault, input: directory, unit: "captures")
    }
}
