import LedgerCore
import LedgerStore
import Numerical
import Projections

/// The face models' inputs and the daily metrics, both brought up to date, for training on read.
struct FaceModelsReader {
    let ledger: Ledger
    let faces: FaceModelsState
    let daily: DailyMetricsViewState

    init(vault: VaultOptions, view: ViewOptions) throws {
        ledger = try vault.openLedger()
        faces = try view.state(FaceModelsView.self, ledger: ledger).fold
        daily = try view.dailyMetrics(ledger: ledger)
    }

    func train(_ target: FaceModelTarget, alpha: RidgeAlpha = .standard) throws -> FaceModelTraining.Outcome {
        try FaceModelTraining.train(target, captures: faces.allCaptures, alpha: alpha) { try daily.metrics(for: $0) }
    }

    /// A target by name, or a failure listing what may be named.
    static func target(_ name: String) throws -> FaceModelTarget {
        guard let target = FaceModelTarget(name: name) else {
            throw ExitStatus.Failure(
                status: .invalidInput,
                message: "'\(name)' is not a target: use sleep-score, hrv, resting-hr or a daily metric key (`healthledger daily --json` shows them, e.g. mindful_minutes)")
        }
        return target
    }
}
