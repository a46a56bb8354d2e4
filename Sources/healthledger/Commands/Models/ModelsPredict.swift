import ArgumentParser
import Foundation
import HealthImport
import LedgerCore
import Numerical
import Projections

struct ModelsPredict: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "predict", abstract: "Predict every target from a new face capture, with each model's typical (leave-one-out) error.")
    @Option(help: "ShareHealth metrics JSON or MediaPipe landmarks JSON of the face.", completion: .file(extensions: ["json"])) var face: String
    @Flag(help: "One JSON object per target.") var json = false
    @OptionGroup var view: ViewOptions
    @OptionGroup var vault: VaultOptions

    func run() throws {
        guard FileManager.default.fileExists(atPath: face) else {
            throw ExitStatus.Failure(status: .noVault, message: "cannot read \(face): no such file")
        }
        let capture = try FaceFile.either(face)
        guard let features = FaceModelsView.extractor.features(of: capture)?.features else {
            throw ExitStatus.Failure(status: .invalidInput, message: "\(face): no usable face (the eye landmarks coincide); give a Face Mesh of a real face")
        }
        let reader = try FaceModelsReader(vault: vault, view: view)
        let targets = reader.faces.targets
        let progress = Progress("training", total: targets.count, unit: "models")
        let outcomes = try targets.enumerated().map { index, target in
            defer { progress.update(index + 1) }
            return try reader.train(target)
        }
        progress.finish()
        for (target, outcome) in zip(targets, outcomes) {
            guard case .trained(let model) = outcome else {
                if json {
                    print(JSONWriter.string(outcome.document(details: false)))
                } else {
                    print(ModelFormat.pad(target.name, 26) + (outcome.insufficientMessage ?? ""))
                }
                continue
            }
            let prediction = model.predict(features)
            if json {
                print(JSONWriter.string([
                    "target": .string(target.name), "prediction": .double(prediction),
                    "typicalError": .double(model.accuracy.meanAbsoluteError), "rmse": .double(model.accuracy.rootMeanSquaredError),
                    "n": .int(Int64(model.accuracy.count)), "r": model.accuracy.r.map(DocValue.double) ?? .null,
                ]))
            } else {
                print(ModelFormat.pad(target.name, 26) + ModelFormat.padLeft(ModelFormat.value(prediction), 8)
                    + "  ± \(ModelFormat.value(model.accuracy.meanAbsoluteError)) typical error (n \(model.accuracy.count), R \(ModelFormat.value(model.accuracy.r)))"
                    + ((model.accuracy.rSquared ?? 0) <= 0 ? ": no better than your average, so far" : ""))
            }
        }
    }
}
