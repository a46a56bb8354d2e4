/// Ridge regression on standardised features with an unpenalised intercept: the model
/// scikit-learn's `make_pipeline(StandardScaler(), Ridge(alpha))` fits.
///
/// With Z the standardised training rows centred on their means and y centred, the
/// coefficients solve (ZᵀZ + αI) w = Zᵀy; the intercept then makes the fit pass through
/// the means, so it is never shrunk.
public struct RidgeFit: Sendable {
    public let scaling: FeatureScaling
    /// Per standardised feature: the change in the target for one standard deviation.
    public let coefficients: [Double]
    public let intercept: Double
    public let alpha: Double

    init(rows: [[Double]], targets: [Double], alpha: Double) {
        let scaling = FeatureScaling(rows)
        let standardised = rows.map(scaling.apply)
        let width = scaling.means.count
        let centre = FeatureScaling(standardised).means
        let targetMean = targets.reduce(0, +) / Double(targets.count)
        var gram = [[Double]](repeating: [Double](repeating: 0, count: width), count: width)
        var moment = [Double](repeating: 0, count: width)
        for (row, target) in zip(standardised, targets) {
            let centred = (0..<width).map { row[$0] - centre[$0] }
            for i in 0..<width {
                moment[i] += centred[i] * (target - targetMean)
                for j in 0...i { gram[i][j] += centred[i] * centred[j] }
            }
        }
        for i in 0..<width {
            gram[i][i] += alpha
            for j in 0..<i { gram[j][i] = gram[i][j] }
        }
        let coefficients = Cholesky(gram).solve(moment)
        self.scaling = scaling
        self.coefficients = coefficients
        intercept = targetMean - zip(centre, coefficients).reduce(0) { $0 + $1.0 * $1.1 }
        self.alpha = alpha
    }

    init(scaling: FeatureScaling, coefficients: [Double], intercept: Double, alpha: Double) {
        self.scaling = scaling
        self.coefficients = coefficients
        self.intercept = intercept
        self.alpha = alpha
    }

    public func predict(_ row: [Double]) -> Double {
        zip(scaling.apply(row), coefficients).reduce(intercept) { $0 + $1.0 * $1.1 }
    }
}
