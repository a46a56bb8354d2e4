public import LedgerCore
public import Numerical

/// A trained face model for one target: its out-of-fold predictions and their accuracy,
/// and the fit on every pair that predicts new captures.
public struct FaceModel: Sendable {
    /// One paired capture: the day's actual value and what the model that never saw it predicted.
    public struct Sample: Sendable, Equatable {
        public let capture: EventID
        public let day: LocalDay
        public let actual: Double
        public let predicted: Double
        /// The α its fold chose.
        public let alpha: Double
        public var error: Double { predicted - actual }
    }

    public let target: FaceModelTarget
    public let samples: [Sample]
    public let accuracy: ModelAccuracy
    /// Fitted on every pair, with the α leave-one-out chose on all of them.
    public let fit: RidgeFit
    /// Captures with features whose day has no value for the target.
    public let excluded: Int

    /// Standardised coefficients, largest effect first: the target's change for one
    /// standard deviation of the feature, in the target's unit.
    public var importance: [(feature: FaceFeature, coefficient: Double)] {
        zip(FaceFeature.allCases, fit.coefficients).map { (feature: $0, coefficient: $1) }
            .sorted { abs($0.coefficient) != abs($1.coefficient) ? abs($0.coefficient) > abs($1.coefficient) : $0.feature.rawValue < $1.feature.rawValue }
    }

    public func predict(_ features: FaceFeatures) -> Double { fit.predict(features.values) }
}
