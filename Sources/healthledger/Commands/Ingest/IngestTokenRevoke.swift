import ArgumentParser
import LedgerApplication
import LedgerCore

struct IngestTokenRevoke: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "revoke",
        abstract: "Revoke a device's token: `ingest serve` refuses it (401) from now on, a running listener included.")
    @Argument(help: "The token's id or its device name, as `ingest token list` shows them.") var token: String
    @OptionGroup var output: JSONOutput
    @OptionGroup var vault: VaultOptions

    func run() throws {
        let revoked = try vault.application().revokeIngestToken(token)
        if output.json { return output.print(revoked.document) }
        print("revoked \(revoked.id) (\(TerminalText.escaped(revoked.name))): the listener refuses it from now on")
    }
}
