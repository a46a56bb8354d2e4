import ArgumentParser

struct Import: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import Apple Health exports, ShareHealth folders and face captures. Running an import again stores only what is new.",
        subcommands: [ImportAppleHealth.self, ImportShareHealth.self, ImportFaces.self, ImportATracker.self, ImportEasyPill.self, ImportWellness.self, ImportIntrospective.self, ImportBundle.self, ImportSteps.self, ImportHealthAutoExport.self])
}
