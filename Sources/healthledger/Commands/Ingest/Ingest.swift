import ArgumentParser

struct Ingest: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ingest",
        abstract: "Receive Health Auto Export's REST posts: `ingest serve` listens, `ingest token` gives each device its token.",
        subcommands: [IngestServe.self, IngestTokenCommand.self])
}

struct IngestTokenCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "token",
        abstract: "The bearer tokens devices post to `ingest serve` with: add, list, revoke.",
        subcommands: [IngestTokenAdd.self, IngestTokenList.self, IngestTokenRevoke.self], defaultSubcommand: IngestTokenList.self)
}
