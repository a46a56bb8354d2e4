import LedgerCore
import PropertyBased
import Testing
import TestSupport
@testable import Projections

/// The days calorie credit keeps as holding inputs follow any order of additions and
/// removals exactly, and read back as they were stored.
@Suite struct DaysWithInputsTests {
    @Test("days added and removed in any order: the runs hold exactly the days left, their range is the first to the last")
    func followsAdditionsAndRemovals() async {
        // Each step: a day near the others (so runs join and split), added when even, removed when odd.
        await propertyCheck(count: 200, input: Gen.int(in: 0...79).array(of: 1...120)) { steps in
            var days = DaysWithInputs(), model: Set<Int64> = []
            for step in steps {
                let day = Int64(step / 2) - 20
                if step.isMultiple(of: 2) {
                    days.insert(day)
                    model.insert(day)
                } else {
                    days.remove(day)
                    model.remove(day)
                }
            }
            #expect(days.runs.flatMap { Array($0) } == model.sorted(), "after \(steps)")
            #expect(zip(days.runs, days.runs.dropFirst()).allSatisfy { $0.upperBound + 1 < $1.lowerBound }, "runs touch after \(steps)")
            #expect(days.range == model.min().map { $0...model.max()! }, "after \(steps)")
            await recordingThrownErrors {
                var writer = BinaryWriter()
                days.write(to: &writer)
                var reader = BinaryReader(writer.bytes)
                let decoded = try DaysWithInputs(reading: &reader)
                #expect(decoded == days)
                #expect(reader.isAtEnd)
            }
        }
    }

    @Test("stored runs that overlap or touch are refused")
    func refusesRunsOutOfOrder() {
        for runs in [[(5, 2), (-1, 0)], [(5, 0), (1, 0)]] {
            var writer = BinaryWriter()
            writer.varint(UInt64(runs.count))
            for (gap, length) in runs {
                writer.signed(Int64(gap))
                writer.varint(UInt64(length))
            }
            var reader = BinaryReader(writer.bytes)
            #expect(throws: DecodingError.self) { try DaysWithInputs(reading: &reader) }
        }
    }
}
