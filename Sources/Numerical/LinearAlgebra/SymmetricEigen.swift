/// Eigenvalues and eigenvectors of a small symmetric matrix by cyclic Jacobi rotations:
/// accurate to rounding, and short enough to read (the matrices here are 24 × 24).
struct SymmetricEigen {
    let size: Int
    /// Eigenvalues, in no particular order.
    let values: [Double]
    /// Row-major: `vectors[row * size + k]` is component `row` of the eigenvector of `values[k]`.
    let vectors: [Double]

    /// `matrix` row-major, `size` × `size`.
    init(_ matrix: [Double], size: Int) {
        var a = matrix
        var v = [Double](repeating: 0, count: size * size)
        for i in 0..<size { v[i * size + i] = 1 }
        a.withUnsafeMutableBufferPointer { a in
            v.withUnsafeMutableBufferPointer { v in
                for _ in 0..<100 {
                    var offDiagonal = 0.0, diagonal = 0.0
                    for p in 0..<size {
                        diagonal += a[p * size + p] * a[p * size + p]
                        for q in (p + 1)..<max(p + 1, size) { offDiagonal += a[p * size + q] * a[p * size + q] }
                    }
                    if offDiagonal <= 1e-30 * max(diagonal, 1e-300) { break }
                    for p in 0..<size {
                        for q in (p + 1)..<max(p + 1, size) where a[p * size + q] != 0 {
                            Self.rotate(a, v, size, p, q)
                        }
                    }
                }
            }
        }
        self.size = size
        values = (0..<size).map { a[$0 * size + $0] }
        vectors = v
    }

    /// Zeroes `a[p][q]` with one rotation, applied to `a` on both sides and to `v` on the right.
    private static func rotate(_ a: UnsafeMutableBufferPointer<Double>, _ v: UnsafeMutableBufferPointer<Double>, _ size: Int, _ p: Int, _ q: Int) {
        let theta = (a[q * size + q] - a[p * size + p]) / (2 * a[p * size + q])
        let t = (theta >= 0 ? 1.0 : -1.0) / (abs(theta) + (theta * theta + 1).squareRoot())
        let c = 1 / (t * t + 1).squareRoot()
        let s = t * c
        for k in 0..<size {
            let akp = a[k * size + p], akq = a[k * size + q]
            a[k * size + p] = c * akp - s * akq
            a[k * size + q] = s * akp + c * akq
        }
        for k in 0..<size {
            let apk = a[p * size + k], aqk = a[q * size + k]
            a[p * size + k] = c * apk - s * aqk
            a[q * size + k] = s * apk + c * aqk
        }
        for k in 0..<size {
            let vkp = v[k * size + p], vkq = v[k * size + q]
            v[k * size + p] = c * vkp - s * vkq
            v[k * size + q] = s * vkp + c * vkq
        }
    }
}
