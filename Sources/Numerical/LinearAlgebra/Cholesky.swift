/// L Lᵀ of a symmetric positive definite matrix (ridge's ZᵀZ + αI with α > 0 always is).
struct Cholesky {
    private var lower: [[Double]]

    init(_ matrix: [[Double]]) {
        let size = matrix.count
        lower = [[Double]](repeating: [Double](repeating: 0, count: size), count: size)
        for i in 0..<size {
            for j in 0...i {
                var sum = matrix[i][j]
                for k in 0..<j { sum -= lower[i][k] * lower[j][k] }
                lower[i][j] = i == j ? max(sum, .leastNormalMagnitude).squareRoot() : sum / lower[j][j]
            }
        }
    }

    func solve(_ right: [Double]) -> [Double] {
        let size = right.count
        var y = right
        for i in 0..<size {
            for k in 0..<i { y[i] -= lower[i][k] * y[k] }
            y[i] /= lower[i][i]
        }
        for i in stride(from: size - 1, through: 0, by: -1) {
            for k in (i + 1)..<max(i + 1, size) { y[i] -= lower[k][i] * y[k] }
            y[i] /= lower[i][i]
        }
        return y
    }
}
