import ArgumentParser
import LedgerCore
import Projections

struct ModelsTargets: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "targets", abstract: "What the face models predict; changed with a faceModels.targets setting event.",
        subcommands: [ModelsTargetsList.self, ModelsTargetsAdd.self, ModelsTargetsRemove.self], defaultSubcommand: ModelsTargetsList.self)
}

struct ModelsTargetsList: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "The targets in force.")
    @Flag(help: "One JSON object per target.") var json = false
    @OptionGroup var view: ViewOptions
    @OptionGroup var vault: VaultOptions

    func run() throws {
        let reader = try FaceModelsReader(vault: vault, view: view)
        for target in reader.faces.targets {
            print(json ? JSONWriter.string(["target": .string(target.name), "label": .string(target.label)]) : "\(ModelFormat.pad(target.name, 26))\(target.label)")
        }
    }
}
