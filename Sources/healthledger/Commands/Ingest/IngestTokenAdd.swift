import ArgumentParser
import LedgerApplication
import LedgerCore

struct IngestTokenAdd: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Give a device a new token for `ingest serve`; it is shown once, and the vault keeps only its hash.",
        discussion: """
            Put the token in Health Auto Export's REST API automation as the header \
            `Authorization: Bearer TOKEN`. Lost, it cannot be shown again: revoke it and add another.
            """)
    @Argument(help: "The device's name, as `sources` and `ingest token list` will show it (\"Alex's iPhone\").") var name: String
    @Flag(help: "Print the token and its id as one JSON object.") var json = false
    @OptionGroup var vault: VaultOptions

    func run() throws {
        let (token, secret) = try vault.application().addIngestToken(name: name)
        if json {
            print(JSONWriter.string(["id": .string(token.id), "name": .string(token.name), "token": .string(secret)]))
            return
        }
        print("""
            Token for \(TerminalText.escaped(token.name)) (id \(token.id)), shown this once:

              \(secret)

            In Health Auto Export: Automations → REST API, header Authorization: Bearer <the token above>.
            """)
    }
}
