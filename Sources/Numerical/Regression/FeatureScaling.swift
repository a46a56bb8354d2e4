/// Column means and population standard deviations of a training set, as scikit-learn's
/// `StandardScaler` fits them: a constant column keeps scale 1, so it standardises to zeros
/// instead of dividing by zero.
public struct FeatureScaling: Sendable {
    public let means: [Double]
    public let scales: [Double]

    init(_ rows: [[Double]]) {
        let count = Double(rows.count)
        let width = rows.first?.count ?? 0
        var means = [Double](repeating: 0, count: width)
        for row in rows { for column in 0..<width { means[column] += row[column] } }
        means = means.map { $0 / count }
        var variances = [Double](repeating: 0, count: width)
        for row in rows {
            for column in 0..<width {
                let deviation = row[column] - means[column]
                variances[column] += deviation * deviation
            }
        }
        self.means = means
        scales = zip(variances, means).map { variance, mean in
            let deviation = (variance / count).squareRoot()
            // Rounding leaves a constant column a tiny spread; treat it as none.
            return deviation <= 1e-12 * max(1, abs(mean)) ? 1 : deviation
        }
    }

    public func apply(_ row: [Double]) -> [Double] {
        row.indices.map { (row[$0] - means[$0]) / scales[$0] }
    }
}
