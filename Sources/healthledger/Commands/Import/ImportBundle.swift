import ArgumentParser
import Foundation
import HealthBundle

struct ImportBundle: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bundle",
        abstract: "Import the events of a sealed bundle with their ids; importing it again stores nothing new.",
        discussion: """
            The bundle is verified first (signature, checkpoint, every file's SHA-256) and only then read \
            again to store its events, storing only lines and images the first read verified, so a tampered \
            bundle stores nothing. Face images it holds are sealed into this vault under keys of their own. \
            A bundle adds its own events: corrections and retractions of events it does not hold, and \
            settings changes, are refused and counted as skipped unless --accept-amendments or \
            --accept-settings asks for them (anyone can sign a bundle).
            """)
    @Argument(help: "The bundle file.", completion: .file(extensions: ["age"])) var file: String
    @Option(name: .customLong("identity"), help: "An age identity file; repeat for several.", completion: .file()) var identities: [String] = []
    @Option(help: "Read the bundle's passphrase from this file (first line) instead of asking.", completion: .file()) var bundlePassphraseFile: String?
    @Option(help: "Require the bundle to be signed by this vault key (base64, as `open` prints it).") var signer: String?
    @Flag(help: "Take the bundle's corrections and retractions of events it does not hold (this vault's own).") var acceptAmendments = false
    @Flag(help: "Take the bundle's settings changes (setting.changed) into this vault.") var acceptSettings = false
    @Flag(help: "Take events whose payloads have fields their kind does not read (`append` refuses them the same way).") var force = false
    @Flag(help: "Print the summary as one JSON object on stdout.") var json = false
    @OptionGroup var vault: VaultOptions

    func run() throws {
        let secrets = try BundleSecrets(identityFiles: identities, passphraseFile: bundlePassphraseFile).identities(for: file)
        let ledger = try vault.openLedger()
        let started = Date()
        let progress = Progress("importing", unit: "events")
        let summary = try BundleImporter(
            ledger: ledger, acceptance: .init(foreignAmendments: acceptAmendments, settings: acceptSettings, unknownFields: force), progress: progress.update)
            .run(expectedSigner: try signer.map(BundleSecrets.signerKey)) { try OpenedFile(path: file, identities: secrets, activity: "reading bundle").source }
        progress.finish()
        vault.catchUpViews(ledger)
        ImportReport.print(summary, input: file, seconds: Date().timeIntervalSince(started), json: json)
    }
}
