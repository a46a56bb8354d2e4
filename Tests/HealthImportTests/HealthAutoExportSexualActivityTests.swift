import Foundation
import LedgerCore
import LedgerStore
import PropertyBased
import Testing
import TestSupport
@testable import HealthImport

/// Issue 42: the `sexual_activity` metric (`Unspecified`, `Protection Used`, `Protection Not
/// Used` counts per bucket, as the app's JSON-format page documents) is HealthKit's sexual
/// activity samples, one per time, as cycle tracking's are; a point it cannot read is kept whole.
@Suite struct HealthAutoExportSexualActivityTests {
    let file = HealthAutoExportFileTests()

    static func payload(_ points: [(date: String, counts: [(String, DocValue)])]) -> HealthAutoExportPayload {
        var payload = HealthAutoExportPayload()
        for point in points { payload.add("sexual_activity", "count", point.date, point.counts + [("source", .string("Alex’s iPhone"))]) }
        return payload
    }

    @Test("each time counted is one SexualActivity sample, saying whether protection was used as the Apple Health export does")
    func countsAreSamples() throws {
        let (events, summary) = try file.read(Self.payload([
            ("2024-03-10 00:00:00 +0100", [("Unspecified", .int(1)), ("Protection Used", .int(2)), ("Protection Not Used", .int(0))]),
        ]))
        let samples = try events.map { try $0.decode(CategoryRecorded.self) }
        #expect(samples.map(\.type) == Array(repeating: "HKCategoryTypeIdentifierSexualActivity", count: 3))
        #expect(samples.allSatisfy { $0.value == "HKCategoryValueNotApplicable" })
        #expect(samples.map { $0.metadata["HKSexualActivityProtectionUsed"] } == [nil, "1", "1"])
        #expect(samples.allSatisfy { $0.metadata[HealthAutoExportFile.pointSourceKey] == "Alex’s iPhone" && $0.metadata[HealthAutoExportFile.metricKey] == "sexual_activity" })
        #expect(events.allSatisfy { $0.start == Timestamp(micros: 1_710_025_200_000_000) })
        #expect(summary.notes.isEmpty)
    }

    @Test("a point it cannot read is kept whole and reported, never dropped", arguments: [
        [("Protection Used", DocValue.int(-1))], [("Protection Used", .double(1.5))], [("Unspecified", .string("once"))],
        [("Unspecified", .int(101))], [("Unspecified", .int(1)), ("partners", .array([.string("A")]))], [("qty", .int(2))],
    ] as [[(String, DocValue)]])
    func unreadPointsAreKept(counts: [(String, DocValue)]) throws {
        let (events, summary) = try file.read(Self.payload([("2024-03-10 00:00:00 +0100", counts)]))
        #expect(events.map(\.kind) == [.exportElementRecorded])
        #expect(summary.readByType["HealthAutoExport:sexual_activity"] == 1)
        #expect(summary.notes.keys.allSatisfy { $0.hasSuffix("kept whole as exportElement.recorded (unmapped)") }, "\(summary.notes)")
    }

    @Test("a point counting no time stores nothing and says so")
    func noTimeIsNoted() throws {
        let (events, summary) = try file.read(Self.payload([("2024-03-10 00:00:00 +0100", [("Unspecified", .int(0))])]))
        #expect(events.isEmpty)
        #expect(summary.notes == ["a sexual_activity point counting no time: nothing stored for it": 1])
    }

    @Test("one event per time; a bucket re-sent with more times keeps the ids it had and adds one per time more")
    func oneEventPerTimeWithStableIDs() async {
        let counts = Gen.int(in: 0...4).array(of: 3...3).array(of: 1...6)
        await propertyCheck(count: 60, input: counts) { buckets in
            func points(more: Int) -> [(date: String, counts: [(String, DocValue)])] {
                buckets.enumerated().map { index, times in
                    (String(format: "2024-03-%02d 00:00:00 +0100", 1 + index),
                     zip(HealthAutoExportFile.sexualActivityColumns, times).map { ($0.0.column, DocValue.int(Int64($0.1 + more))) })
                }
            }
            let events = try file.read(Self.payload(points(more: 0))).events
            #expect(events.count == buckets.joined().reduce(0, +))
            #expect(Set(events.map(\.id)).count == events.count)
            let grown = try file.read(Self.payload(points(more: 1))).events
            #expect(grown.count == events.count + 3 * buckets.count)
            #expect(Set(events.map(\.id)).isSubset(of: Set(grown.map(\.id))))
        }
    }

    @Test("imported again, sexual activity stores nothing")
    func resentStoresOnce() throws {
        let vault = try ScratchVault()
        let payload = Self.payload([("2024-03-10 00:00:00 +0100", [("Protection Used", .int(1)), ("Protection Not Used", .int(1))])])
        let summaries = try HealthAutoExportDailyTests.importing([payload, payload], into: vault)
        #expect(summaries.map(\.appended) == [2, 0])
    }
}
