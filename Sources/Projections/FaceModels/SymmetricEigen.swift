/// Eigenvalues and eigenvectors of a small symmetric matrix by cyclic Jacobi rotations:
/// accurate to rounding, and short enough to read (the matrices here are 24 × 24).
struct SymmetricEigen {
    /// Eigenvalues, in no particular order.
    let values: [Double]
    /// `vectors[row][k]` is component `row` of the eigenvector of `values[k]`.
    let vectors: [[Double]]

    init(_ matrix: [[Double]]) {
        var a = matrix
        let size = a.count
        var v = (0..<size).map { row in (0..<size).map { $0 == row ? 1.0 : 0.0 } }
        for _ in 0..<100 {
            var offDiagonal = 0.0
            var diagonal = 0.0
            for p in 0..<size {
                diagonal += a[p][p] * a[p][p]
                for q in (p + 1)..<max(p + 1, size) { offDiagonal += a[p][q] * a[p][q] }
            }
            if offDiagonal <= 1e-30 * max(diagonal, 1e-300) { break }
            for p in 0..<size {
                for q in (p + 1)..<max(p + 1, size) where a[p][q] != 0 {
                    Self.rotate(&a, &v, p, q)
                }
            }
        }
        values = (0..<size).map { a[$0][$0] }
        vectors = v
    }

    /// Zeroes `a[p][q]` with one rotation, applied to `a` on both sides and to `v` on the right.
    private static func rotate(_ a: inout [[Double]], _ v: inout [[Double]], _ p: Int, _ q: Int) {
        let theta = (a[q][q] - a[p][p]) / (2 * a[p][q])
        let t = (theta >= 0 ? 1.0 : -1.0) / (abs(theta) + (theta * theta + 1).squareRoot())
        let c = 1 / (t * t + 1).squareRoot()
        let s = t * c
        for k in a.indices {
            let akp = a[k][p], akq = a[k][q]
            a[k][p] = c * akp - s * akq
            a[k][q] = s * akp + c * akq
        }
        for k in a.indices {
            let apk = a[p][k], aqk = a[q][k]
            a[p][k] = c * apk - s * aqk
            a[q][k] = s * apk + c * aqk
        }
        for k in v.indices {
            let vkp = v[k][p], vkq = v[k][q]
            v[k][p] = c * vkp - s * vkq
            v[k][q] = s * vkp + c * vkq
        }
    }
}
