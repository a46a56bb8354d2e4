extension Aggregate {
    /// This aggregate of `values` (NaN values are left out); nil when nothing is left,
    /// except `count`, which is 0. `stddev` is the sample standard deviation (n − 1).
    func apply(_ values: [Double]) -> Double? {
        if self == .count { return Double(values.count) }
        // Looked through in place rather than copied: a query by day applies this once a row.
        let present = values.lazy.filter { !$0.isNaN }
        guard !present.isEmpty else { return nil }
        switch self {
        case .count: return Double(values.count)
        case .sum: return present.reduce(0, +)
        case .avg: return present.reduce(0, +) / Double(present.count)
        case .min: return present.min()
        case .max: return present.max()
        case .median:
            let sorted = present.sorted()
            let middle = sorted.count / 2
            return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
        case .stddev:
            guard present.count > 1 else { return nil }
            let mean = present.reduce(0, +) / Double(present.count)
            return (present.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(present.count - 1)).squareRoot()
        }
    }
}
