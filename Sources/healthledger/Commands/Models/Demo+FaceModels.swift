import LedgerCore
import LedgerStore
import Numerical
import Projections

extension Demo {
    /// Each face model's leave-one-out accuracy on the generated mornings; the commands it
    /// names read the demo's vault, as printed.
    func showFaceModels(_ ledger: Ledger, vault: String) throws {
        let faces = try ProjectionEngine.current(FaceModelsView.self, ledger: ledger).fold
        let daily = try ProjectionEngine.current(DailyMetricsView.self, ledger: ledger)
        print("7. Face models from \(faces.allCaptures.count) face captures (`healthledger models --vault \(vault)`, `healthledger models show sleep-score --plot F.svg --vault \(vault)`):")
        for target in faces.targets {
            let outcome = try FaceModelTraining.train(target, captures: faces.allCaptures) { try daily.metrics(for: $0) }
            switch outcome {
            case .trained(let model):
                print("   \(target.name): n \(model.accuracy.count), R \(ModelFormat.value(model.accuracy.r)), MAE \(ModelFormat.value(model.accuracy.meanAbsoluteError))")
            case .insufficient:
                print("   \(target.name): \(outcome.insufficientMessage ?? "")")
            }
        }
    }
}
