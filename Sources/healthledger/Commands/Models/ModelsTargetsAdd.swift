import ArgumentParser

struct ModelsTargetsAdd: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "add", abstract: "Add a target: sleep-score, hrv, resting-hr or any daily metric key.")
    @Argument(help: "The target's name.") var name: String
    @OptionGroup var entry: EntryOptions
    @OptionGroup var output: JSONOutput
    @OptionGroup var vault: VaultOptions

    func run() throws {
        try TargetsChange.apply(vault: vault, entry: entry, output: output) { targets in
            let target = try FaceModelsReader.target(name)
            return targets.contains(target) ? nil : targets + [target]
        }
    }
}
