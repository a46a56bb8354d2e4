import ArgumentParser
import LedgerCore
import Numerical
import Projections

struct ModelsList: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "Each target's model: paired captures n, leave-one-out R and MAE.")
    @Flag(help: "One JSON object per target.") var json = false
    @OptionGroup var view: ViewOptions
    @OptionGroup var vault: VaultOptions

    func run() throws {
        let reader = try FaceModelsReader(vault: vault, view: view)
        let targets = reader.faces.targets
        let progress = Progress("training", total: targets.count, unit: "models")
        let outcomes = try targets.enumerated().map { index, target in
            defer { progress.update(index + 1) }
            return try reader.train(target)
        }
        progress.finish()
        if json {
            for outcome in outcomes { print(JSONWriter.string(outcome.document(details: false))) }
            return
        }
        print("\(reader.faces.allCaptures.count) face captures; models are rebuilt from them and the daily metrics on every read")
        print(ModelFormat.pad("target", 26) + "     n       R      MAE     RMSE")
        for outcome in outcomes {
            let name = ModelFormat.pad(outcome.target.name, 26)
            switch outcome {
            case .insufficient:
                print(name + "  " + (outcome.insufficientMessage ?? ""))
            case .trained(let model):
                let accuracy = model.accuracy
                print(name + [
                    ModelFormat.padLeft(String(accuracy.count), 6), ModelFormat.padLeft(ModelFormat.value(accuracy.r), 7),
                    ModelFormat.padLeft(ModelFormat.value(accuracy.meanAbsoluteError), 8),
                    ModelFormat.padLeft(ModelFormat.value(accuracy.rootMeanSquaredError), 8),
                ].joined(separator: " "))
            }
        }
    }
}
