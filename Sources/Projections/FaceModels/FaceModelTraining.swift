public import LedgerCore
public import Numerical

/// Pairs captures with their local day's target value and trains a model once there are
/// enough pairs.
public enum FaceModelTraining {
    /// ShareHealth starts training at 7 pairs; fewer give leave-one-out too little to learn from.
    public static let minimumPairs = 7

    public enum Outcome: Sendable {
        case trained(FaceModel)
        case insufficient(target: FaceModelTarget, paired: Int, excluded: Int)

        public var target: FaceModelTarget {
            switch self {
            case .trained(let model): model.target
            case .insufficient(let target, _, _): target
            }
        }

        /// "insufficient data: 4 of 7 paired captures (2 captures on days without hrv)".
        public var insufficientMessage: String? {
            guard case .insufficient(let target, let paired, let excluded) = self else { return nil }
            let note = excluded > 0 ? " (\(excluded) capture\(excluded == 1 ? "" : "s") on days without \(target.name))" : ""
            return "insufficient data: \(paired) of \(FaceModelTraining.minimumPairs) paired captures" + note
        }
    }

    /// Trains `target` on `captures`; `metrics` gives a day's daily metrics.
    public static func train(
        _ target: FaceModelTarget, captures: [FaceCaptureRecord], alpha: RidgeAlpha = .standard,
        metrics: (LocalDay) throws -> DayMetrics
    ) throws -> Outcome {
        var pairs: [(capture: FaceCaptureRecord, features: [Double], value: Double)] = []
        var excluded = 0
        var values: [LocalDay: Double?] = [:]
        for capture in captures {
            guard let features = capture.features else { continue }
            let day = capture.day
            let known = try values[day] ?? target.value(in: try metrics(day))
            values[day] = .some(known)
            guard let value = known else { excluded += 1; continue }
            pairs.append((capture, features.values, value))
        }
        guard pairs.count >= minimumPairs else { return .insufficient(target: target, paired: pairs.count, excluded: excluded) }
        let rows = pairs.map(\.features), targets = pairs.map(\.value)
        let folds = LeaveOneOut.predictions(rows: rows, targets: targets, alpha: alpha)
        let samples = zip(pairs, folds).map { pair, fold in
            FaceModel.Sample(
                capture: pair.capture.id, day: pair.capture.day,
                actual: pair.value, predicted: fold.prediction, alpha: fold.alpha)
        }
        let fit = alpha.fit(rows: rows, targets: targets)
        return .trained(FaceModel(
            target: target, samples: samples, accuracy: ModelAccuracy(actual: targets, predicted: folds.map(\.prediction)),
            fit: fit, excluded: excluded))
    }
}
