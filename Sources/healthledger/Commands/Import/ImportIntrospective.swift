import ArgumentParser
import HealthImport

/// The self-tracking apps Introspective imports from, and Introspective's own exports.
struct ImportATracker: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "atracker", abstract: "Import ATracker's task CSV as activities (definitions, starts and stops).")
    @Argument(help: "The ATracker CSV export.", completion: .file(extensions: ["csv"])) var file: String
    @OptionGroup var options: ImportOptions
    @OptionGroup var vault: VaultOptions

    func run() throws {
        let ledger = try vault.openLedger()
        try options.run(ATrackerFormat.file(file, clock: try options.clock(), identity: ImportIdentity(ledger: ledger)), into: ledger, vault: vault, input: file, unit: "files")
    }
}

struct ImportEasyPill: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "easypill", abstract: "Import EasyPill's medication list or its dose history (told apart by the header).")
    @Argument(help: "The EasyPill CSV export.", completion: .file(extensions: ["csv"])) var file: String
    @OptionGroup var options: ImportOptions
    @OptionGroup var vault: VaultOptions

    func run() throws {
        let ledger = try vault.openLedger()
        try options.run(EasyPillFormat.file(file, clock: try options.clock(), identity: ImportIdentity(ledger: ledger)), into: ledger, vault: vault, input: file, unit: "files")
    }
}

struct ImportWellness: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "wellness", abstract: "Import Wellness's mood CSV (ratings 1–7, kept on that scale).")
    @Argument(help: "The Wellness CSV export.", completion: .file(extensions: ["csv"])) var file: String
    @OptionGroup var options: ImportOptions
    @OptionGroup var vault: VaultOptions

    func run() throws {
        let ledger = try vault.openLedger()
        try options.run(WellnessFormat.file(file, clock: try options.clock(), identity: ImportIdentity(ledger: ledger)), into: ledger, vault: vault, input: file, unit: "files")
    }
}

struct ImportIntrospective: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "introspective", abstract: "Import an Introspective CSV export of moods, medication doses or activities (told apart by the header).")
    @Argument(help: "The Introspective CSV export.", completion: .file(extensions: ["csv"])) var file: String
    @OptionGroup var options: ImportOptions
    @OptionGroup var vault: VaultOptions

    func run() throws {
        let ledger = try vault.openLedger()
        try options.run(IntrospectiveFormat.file(file, identity: ImportIdentity(ledger: ledger)), into: ledger, vault: vault, input: file, unit: "files")
    }
}
