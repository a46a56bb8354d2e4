import ArgumentParser

struct Share: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "share",
        abstract: "Share daily step counts with a friend as a signed link (ShareHealth's step sharing).",
        subcommands: [ShareSteps.self])
}
