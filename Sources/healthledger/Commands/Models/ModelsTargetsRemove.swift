import ArgumentParser
import Projections

struct ModelsTargetsRemove: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "remove", abstract: "Stop modelling a target (its captures stay).")
    @Argument(help: "The target's name.") var name: String
    @OptionGroup var entry: EntryOptions
    @OptionGroup var output: JSONOutput
    @OptionGroup var vault: VaultOptions

    func run() throws {
        try TargetsChange.apply(vault: vault, entry: entry, output: output) { targets in
            guard targets.contains(where: { $0.name == name }) else {
                throw ExitStatus.Failure(status: .invalidInput, message: "'\(name)' is not a target; the targets are \(targets.map(\.name).joined(separator: ", "))")
            }
            return targets.filter { $0.name != name }
        }
    }
}
