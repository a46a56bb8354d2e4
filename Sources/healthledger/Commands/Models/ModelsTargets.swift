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

struct ModelsTargetsAdd: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "add", abstract: "Add a target: sleep-score, hrv, resting-hr or any daily metric key.")
    @Argument(help: "The target's name.") var name: String
    @OptionGroup var entry: EntryOptions
    @OptionGroup var vault: VaultOptions

    func run() throws {
        try TargetsChange.apply(vault: vault, entry: entry) { targets in
            let target = try FaceModelsReader.target(name)
            return targets.contains(target) ? nil : targets + [target]
        }
    }
}

struct ModelsTargetsRemove: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "remove", abstract: "Stop modelling a target (its captures stay).")
    @Argument(help: "The target's name.") var name: String
    @OptionGroup var entry: EntryOptions
    @OptionGroup var vault: VaultOptions

    func run() throws {
        try TargetsChange.apply(vault: vault, entry: entry) { targets in
            guard targets.contains(where: { $0.name == name }) else {
                throw ExitStatus.Failure(status: .invalidInput, message: "'\(name)' is not a target; the targets are \(targets.map(\.name).joined(separator: ", "))")
            }
            return targets.filter { $0.name != name }
        }
    }
}

/// Appends the whole new target list as one setting, so replay knows what was in force when.
enum TargetsChange {
    static func apply(vault: VaultOptions, entry: EntryOptions, _ change: ([FaceModelTarget]) throws -> [FaceModelTarget]?) throws {
        let ledger = try vault.openLedger()
        let current = try ProjectionEngine.current(FaceModelsView.self, ledger: ledger).fold.targets
        guard let targets = try change(current) else {
            print("no change: the targets are \(current.map(\.name).joined(separator: ", "))")
            return
        }
        let setting = SettingChanged(key: FaceModelsState.targetsKey, value: .array(targets.map { .string($0.name) }))
        try vault.store([try entry.event(setting)], into: ledger)
        print("targets: \(targets.map(\.name).joined(separator: ", "))")
    }
}
