import ArgumentParser

struct Share: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Share daily step counts with a friend as a signed link (ShareHealth's step sharing).",
        subcommands: [ShareSteps.self])
}
