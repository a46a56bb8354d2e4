import LedgerCore
@testable import Projections
import Query
import Testing

/// A blood-pressure reading is one row of each member's series whether its raw samples were
/// stored before the correlation (Health's order) or after it (an app writing the other way).
@Suite struct CorrelationMemberOrderTests {
    static let at = LanguageTests.at(3, 8)
    static let systolic = "HKQuantityTypeIdentifierBloodPressureSystolic"
    static let diastolic = "HKQuantityTypeIdentifierBloodPressureDiastolic"

    static func reading(_ high: Double, _ low: Double, at start: Timestamp) -> [Event] {
        [
            LanguageTests.event(CorrelationRecorded(type: "HKCorrelationTypeIdentifierBloodPressure", samples: [
                CorrelatedSample(type: systolic, value: high, unit: "mmHg"), CorrelatedSample(type: diastolic, value: low, unit: "mmHg"),
            ]), start),
            LanguageTests.event(SampleRecorded(type: systolic, value: high, unit: "mmHg"), start),
            LanguageTests.event(SampleRecorded(type: diastolic, value: low, unit: "mmHg"), start),
        ]
    }

    static func permutations<T>(_ items: [T]) -> [[T]] {
        guard items.count > 1 else { return [items] }
        return items.indices.flatMap { index in
            var rest = items
            let first = rest.remove(at: index)
            return permutations(rest).map { [first] + $0 }
        }
    }

    func values(_ index: QueryIndexState, _ series: String) throws -> [Double] {
        let rows = try index.rows(of: series)
        return (0..<rows.count).compactMap { rows.numbers["value"]?[$0] }.sorted()
    }

    @Test(arguments: permutations([0, 1, 2]))
    func eachOrderGivesOneRowPerMember(order: [Int]) throws {
        let first = Self.reading(121, 79, at: Self.at)
        let second = Self.reading(118, 76, at: LanguageTests.at(3, 20))
        let index = QueryIndexState()
        for position in order { try index.add(first[position]) }
        for event in second.reversed() { try index.add(event) }
        #expect(try values(index, Self.systolic) == [118, 121], "order \(order)")
        #expect(try values(index, Self.diastolic) == [76, 79], "order \(order)")

        // Taking the correlation back leaves the raw samples, whichever came first.
        try index.remove(first[0])
        #expect(try values(index, Self.systolic) == [118, 121], "order \(order)")
    }
}
