import ArgumentParser

struct Import: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Import records from other apps' exports; importing the same files again stores nothing new.",
        subcommands: [ImportShareHealth.self, ImportFaces.self])
}
