/// Leave-one-out errors of ridge fits on one training set for many α at once, without
/// refitting: the scaling is the training set's, and with the eigendecomposition
/// ZᵀZ = V D Vᵀ of its centred standardised rows, the hat matrix is
/// H = 11ᵀ/n + U diag(1 / (d + α)) Uᵀ with U = Z V, and sample i's left-out residual is
/// (yᵢ − ŷᵢ) / (1 − Hᵢᵢ) — the shortcut scikit-learn's `RidgeCV` takes.
struct RidgeAlphaSearch {
    private let rotated: [[Double]]
    private let eigenvalues: [Double]
    private let centredTargets: [Double]
    /// Uᵀ y, per eigenvector.
    private let projections: [Double]

    init(rows: [[Double]], targets: [Double]) {
        let scaling = FeatureScaling(rows)
        let standardised = rows.map(scaling.apply)
        let centre = FeatureScaling(standardised).means
        let centred = standardised.map { row in row.indices.map { row[$0] - centre[$0] } }
        let width = centre.count
        var gram = [[Double]](repeating: [Double](repeating: 0, count: width), count: width)
        for row in centred {
            for i in 0..<width { for j in 0..<width { gram[i][j] += row[i] * row[j] } }
        }
        let eigen = SymmetricEigen(gram)
        let rotated = centred.map { row in (0..<width).map { k in (0..<width).reduce(0) { $0 + row[$1] * eigen.vectors[$1][k] } } }
        let mean = targets.reduce(0, +) / Double(targets.count)
        let centredTargets = targets.map { $0 - mean }
        projections = (0..<width).map { k in zip(rotated, centredTargets).reduce(0) { $0 + $1.0[k] * $1.1 } }
        self.rotated = rotated
        self.centredTargets = centredTargets
        eigenvalues = eigen.values.map { max($0, 0) }
    }

    /// Mean squared leave-one-out error at `alpha`; infinite when a sample alone decides its own fit.
    func leaveOneOutError(alpha: Double) -> Double {
        let count = Double(centredTargets.count)
        let shrink = eigenvalues.map { 1 / ($0 + alpha) }
        var total = 0.0
        for (row, target) in zip(rotated, centredTargets) {
            var fitted = 0.0, leverage = 1 / count
            for k in row.indices {
                fitted += row[k] * shrink[k] * projections[k]
                leverage += row[k] * row[k] * shrink[k]
            }
            guard 1 - leverage > 1e-12 else { return .infinity }
            let residual = (target - fitted) / (1 - leverage)
            total += residual * residual
        }
        return total / count
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
}
