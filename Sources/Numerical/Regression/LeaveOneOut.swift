/// Out-of-fold predictions: each sample is predicted by a model fitted without it, whose
/// scaling and α come from the other samples alone, so the estimate never sees it.
public enum LeaveOneOut {
    public struct Fold: Sendable, Equatable {
        public let prediction: Double
        /// The α the fold chose.
        public let alpha: Double
    }

    public static func predictions(rows: [[Double]], targets: [Double], alpha: RidgeAlpha) -> [Fold] {
        rows.indices.map { heldOut in
            let trainingRows = rows.indices.filter { $0 != heldOut }.map { rows[$0] }
            let trainingTargets = targets.indices.filter { $0 != heldOut }.map { targets[$0] }
            let fit = alpha.fit(rows: trainingRows, targets: trainingTargets)
            return Fold(prediction: fit.predict(rows[heldOut]), alpha: fit.alpha)
        }
    }
}
