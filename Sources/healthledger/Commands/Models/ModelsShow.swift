import ArgumentParser
import Charts
import Foundation
import LedgerCore
import Numerical
import Projections

struct ModelsShow: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "One model in detail: accuracy, feature importance, and every capture's out-of-fold prediction and error by date.")
    @Argument(help: "sleep-score, hrv, resting-hr or a daily metric key.") var target: String
    @Option(help: "Write an SVG: actual vs predicted with the identity line, and errors over time.", completion: .file(extensions: ["svg"])) var plot: String?
    @Option(help: "Use this ridge α in every fold instead of choosing it by inner leave-one-out (the scikit-learn-comparable mode).")
    var alpha: Double?
    @Flag(help: "One JSON object.") var json = false
    @OptionGroup var view: ViewOptions
    @OptionGroup var vault: VaultOptions

    func validate() throws {
        if let alpha, !(alpha > 0 && alpha.isFinite) { throw ValidationError("--alpha must be a positive number") }
    }

    func run() throws {
        let target = try FaceModelsReader.target(self.target)
        let reader = try FaceModelsReader(vault: vault, view: view)
        let outcome = try reader.train(target, alpha: alpha.map(RidgeAlpha.fixed) ?? .standard)
        if json { print(JSONWriter.string(outcome.document(details: true))) }
        guard case .trained(let model) = outcome else {
            if !json { print("\(target.name): \(outcome.insufficientMessage ?? "")") }
            return
        }
        if let plot {
            try PrivateFile.writeOutput(FaceModelPlot.svg(model), to: plot)
            FileHandle.standardError.write(Data("wrote \(plot)\n".utf8))
        }
        if !json { describe(model) }
    }

    private func describe(_ model: FaceModel) {
        let accuracy = model.accuracy
        print("\(model.target.name) — \(model.target.label)")
        print("  leave-one-out over \(accuracy.count) paired captures" + (model.excluded > 0 ? " (\(model.excluded) on days without data left out)" : ""))
        print("  R \(ModelFormat.value(accuracy.r))   R² \(ModelFormat.value(accuracy.rSquared))   MAE \(ModelFormat.value(accuracy.meanAbsoluteError))   RMSE \(ModelFormat.value(accuracy.rootMeanSquaredError))")
        let alphas = Set(model.samples.map(\.alpha))
        print("  α: " + (alpha != nil ? "fixed \(model.fit.alpha)" : "chosen per fold (\(alphas.count) distinct), \(ModelFormat.value(model.fit.alpha)) on all captures"))
        print("feature importance (standardised coefficients: change per standard deviation of the feature)")
        for entry in model.importance.prefix(10) {
            print("  " + ModelFormat.pad(entry.feature.rawValue, 20) + ModelFormat.padLeft(ModelFormat.signed(entry.coefficient), 9))
        }
        print("out-of-fold predictions")
        print("  date          actual  predicted    error")
        for sample in model.samples {
            print("  \(sample.day)  " + [
                ModelFormat.padLeft(ModelFormat.value(sample.actual), 8), ModelFormat.padLeft(ModelFormat.value(sample.predicted), 9),
                ModelFormat.padLeft(ModelFormat.signed(sample.error), 8),
            ].joined(separator: "  "))
        }
    }
}
