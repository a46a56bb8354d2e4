/// How close out-of-fold predictions came to the actual values.
public struct ModelAccuracy: Sendable, Equatable {
    public let count: Int
    /// Pearson's correlation of actual and predicted; nil when either does not vary.
    public let r: Double?
    /// 1 − SS_residual / SS_total, as scikit-learn's `r2_score`: below 0 when the
    /// predictions do worse than the mean of the actual values.
    public let rSquared: Double?
    public let meanAbsoluteError: Double
    public let rootMeanSquaredError: Double

    public init(actual: [Double], predicted: [Double]) {
        let count = Double(actual.count)
        let meanActual = actual.reduce(0, +) / count
        let meanPredicted = predicted.reduce(0, +) / count
        var covariance = 0.0, actualSpread = 0.0, predictedSpread = 0.0, absolute = 0.0, squared = 0.0
        for (a, p) in zip(actual, predicted) {
            covariance += (a - meanActual) * (p - meanPredicted)
            actualSpread += (a - meanActual) * (a - meanActual)
            predictedSpread += (p - meanPredicted) * (p - meanPredicted)
            absolute += abs(a - p)
            squared += (a - p) * (a - p)
        }
        self.count = actual.count
        r = actualSpread > 0 && predictedSpread > 0 ? covariance / (actualSpread * predictedSpread).squareRoot() : nil
        rSquared = actualSpread > 0 ? 1 - squared / actualSpread : nil
        meanAbsoluteError = absolute / count
        rootMeanSquaredError = (squared / count).squareRoot()
    }
}
