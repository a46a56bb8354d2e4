import PropertyBased
@testable import Query
import Testing

/// Each aggregate over any values, NaN among them, bit for bit as computed over a copy of
/// the values that are not NaN (how it was computed before it looked through them in place).
@Suite struct AggregationTests {
    static func overCopy(_ aggregate: Aggregate, _ values: [Double]) -> Double? {
        let present = values.filter { !$0.isNaN }
        if aggregate == .count { return Double(values.count) }
        guard !present.isEmpty else { return nil }
        switch aggregate {
        case .count: return Double(values.count)
        case .sum: return present.reduce(0, +)
        case .avg: return present.reduce(0, +) / Double(present.count)
        case .min: return present.min()
        case .max: return present.max()
        case .median:
            let sorted = present.sorted()
            return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
        case .stddev:
            guard present.count > 1 else { return nil }
            let mean = present.reduce(0, +) / Double(present.count)
            return (present.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(present.count - 1)).squareRoot()
        }
    }

    @Test func anyValuesAggregateAsOverACopyOfThoseNotNaN() async {
        let values = Gen.int(in: -2_000...2_000).array(of: 0...12).map { $0.map { $0 % 7 == 0 ? Double.nan : Double($0) / 7 } }
        await propertyCheck(count: 500, input: values) { values in
            for aggregate in Aggregate.allCases {
                #expect(aggregate.apply(values)?.bitPattern == Self.overCopy(aggregate, values)?.bitPattern, "\(aggregate) \(values)")
            }
        }
    }
}
