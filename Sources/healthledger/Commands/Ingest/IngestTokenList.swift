import ArgumentParser
import LedgerApplication
import LedgerCore

struct IngestTokenList: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "Every token given: its id, device name, when it was added and, if so, revoked.")
    @Flag(help: "One JSON object per token.") var json = false
    @Flag(help: "Show revoked tokens too.") var all = false
    @OptionGroup var vault: VaultOptions

    func run() throws {
        let tokens = try IngestTokens(vault.openLedger()).all.filter { all || $0.isActive }
        for token in tokens {
            if json {
                print(JSONWriter.string(token.document))
            } else {
                let revoked = token.revoked.map { "  revoked \(LocalTime.describe($0))" } ?? ""
                print("\(token.id)  \(TerminalText.escaped(token.name))  added \(LocalTime.describe(token.added))\(revoked)")
            }
        }
        if tokens.isEmpty, !json {
            print(all ? "no tokens given yet; `healthledger ingest token add NAME` gives one" : "no token in force; `healthledger ingest token add NAME` gives one")
        }
    }
}
