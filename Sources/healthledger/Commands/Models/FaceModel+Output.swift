import Foundation
import LedgerCore
import Numerical
import Projections

extension FaceModelTraining.Outcome {
    /// One JSON object: the accuracy figures, or why there is no model yet.
    func document(details: Bool) -> Document {
        switch self {
        case .insufficient(let target, let paired, let excluded):
            return [
                "target": .string(target.name), "status": .string("insufficient"), "paired": .int(Int64(paired)),
                "required": .int(Int64(FaceModelTraining.minimumPairs)), "excluded": .int(Int64(excluded)),
                "message": .string(insufficientMessage ?? ""),
            ]
        case .trained(let model):
            let accuracy = model.accuracy
            var document: Document = [
                "target": .string(model.target.name), "status": .string("trained"), "n": .int(Int64(accuracy.count)),
                "r": accuracy.r.map(DocValue.double) ?? .null, "r2": accuracy.rSquared.map(DocValue.double) ?? .null,
                "mae": .double(accuracy.meanAbsoluteError), "rmse": .double(accuracy.rootMeanSquaredError),
                "excluded": .int(Int64(model.excluded)), "alpha": .double(model.fit.alpha),
            ]
            guard details else { return document }
            document["importance"] = .array(model.importance.map { .map(["feature": .string($0.feature.rawValue), "coefficient": .double($0.coefficient)]) })
            document["intercept"] = .double(model.fit.intercept)
            document["samples"] = .array(model.samples.map { sample in
                .map([
                    "date": .string(sample.day.description), "capture": .string(sample.capture.description),
                    "actual": .double(sample.actual), "predicted": .double(sample.predicted), "error": .double(sample.error),
                    "alpha": .double(sample.alpha),
                ])
            })
            return document
        }
    }
}
