import ArgumentParser

struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "export", abstract: "Export views to files.", subcommands: [ExportDaily.self, ExportActivities.self, ExportMedications.self, ExportMoods.self, ExportBundle.self, ExportSQLite.self, ExportParquet.self])
}
