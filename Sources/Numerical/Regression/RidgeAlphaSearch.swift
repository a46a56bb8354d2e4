/// Leave-one-out errors of ridge fits on one training set for many α at once, without
/// refitting: the scaling is the training set's, and with the eigendecomposition
/// ZᵀZ = V D Vᵀ of its centred standardised rows, the hat matrix is
/// H = 11ᵀ/n + U diag(1 / (d + α)) Uᵀ with U = Z V, and sample i's left-out residual is
/// (yᵢ − ŷᵢ) / (1 − Hᵢᵢ) — the shortcut scikit-learn's `RidgeCV` takes. The same
/// decomposition then gives the fit at the chosen α: w = V diag(1 / (d + α)) Uᵀ y.
struct RidgeAlphaSearch {
    private let scaling: FeatureScaling
    private let centre: [Double]
    private let width: Int
    private let eigen: SymmetricEigen
    /// U, row-major: samples × eigenvectors.
    private let rotated: [Double]
    private let eigenvalues: [Double]
    private let targetMean: Double
    private let centredTargets: [Double]
    /// Uᵀ y, per eigenvector.
    private let projections: [Double]

    init(rows: [[Double]], targets: [Double]) {
        let scaling = FeatureScaling(rows)
        let standardised = rows.map(scaling.apply)
        let centre = FeatureScaling(standardised).means
        let width = centre.count, count = rows.count
        var centred = [Double](repeating: 0, count: count * width)
        for (i, row) in standardised.enumerated() { for j in 0..<width { centred[i * width + j] = row[j] - centre[j] } }
        var gram = [Double](repeating: 0, count: width * width)
        centred.withUnsafeBufferPointer { z in
            gram.withUnsafeMutableBufferPointer { g in
                for i in 0..<width {
                    for j in 0...i {
                        var sum = 0.0
                        for sample in 0..<count { sum += z[sample * width + i] * z[sample * width + j] }
                        g[i * width + j] = sum
                        g[j * width + i] = sum
                    }
                }
            }
        }
        let eigen = SymmetricEigen(gram, size: width)
        var rotated = [Double](repeating: 0, count: count * width)
        centred.withUnsafeBufferPointer { z in
            eigen.vectors.withUnsafeBufferPointer { v in
                rotated.withUnsafeMutableBufferPointer { u in
                    for sample in 0..<count {
                        for k in 0..<width {
                            var sum = 0.0
                            for j in 0..<width { sum += z[sample * width + j] * v[j * width + k] }
                            u[sample * width + k] = sum
                        }
                    }
                }
            }
        }
        let targetMean = targets.reduce(0, +) / Double(count)
        let centredTargets = targets.map { $0 - targetMean }
        var projections = [Double](repeating: 0, count: width)
        for sample in 0..<count { for k in 0..<width { projections[k] += rotated[sample * width + k] * centredTargets[sample] } }
        self.scaling = scaling
        self.centre = centre
        self.eigen = eigen
        self.targetMean = targetMean
        self.width = width
        self.rotated = rotated
        self.centredTargets = centredTargets
        self.projections = projections
        eigenvalues = eigen.values.map { max($0, 0) }
    }

    /// Mean squared leave-one-out error at `alpha`; infinite when a sample alone decides its own fit.
    func leaveOneOutError(alpha: Double) -> Double {
        let count = centredTargets.count
        let shrink = eigenvalues.map { 1 / ($0 + alpha) }
        return rotated.withUnsafeBufferPointer { u in
            var total = 0.0
            for sample in 0..<count {
                var fitted = 0.0, leverage = 1 / Double(count)
                for k in 0..<width {
                    let coordinate = u[sample * width + k]
                    fitted += coordinate * shrink[k] * projections[k]
                    leverage += coordinate * coordinate * shrink[k]
                }
                guard 1 - leverage > 1e-12 else { return .infinity }
                let residual = (centredTargets[sample] - fitted) / (1 - leverage)
                total += residual * residual
            }
            return total / Double(count)
        }
    }

    /// The α of `grid` with the lowest error; on a tie the larger, the simpler model.
    func best(of grid: [Double]) -> Double {
        var best = (alpha: grid[0], error: Double.infinity)
        for alpha in grid.sorted() {
            let error = leaveOneOutError(alpha: alpha)
            if error <= best.error { best = (alpha, error) }
        }
        return best.alpha
    }

    /// The ridge fit of the whole training set at `alpha`.
    func fit(alpha: Double) -> RidgeFit {
        var coefficients = [Double](repeating: 0, count: width)
        for j in 0..<width {
            for k in 0..<width { coefficients[j] += eigen.vectors[j * width + k] * projections[k] / (eigenvalues[k] + alpha) }
        }
        let intercept = targetMean - zip(centre, coefficients).reduce(0) { $0 + $1.0 * $1.1 }
        return RidgeFit(scaling: scaling, coefficients: coefficients, intercept: intercept, alpha: alpha)
    }
}
