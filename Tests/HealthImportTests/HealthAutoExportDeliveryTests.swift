import Foundation
import LedgerCore
import LedgerStore
import Projections
import PropertyBased
import Testing
import TestSupport
@testable import HealthImport

/// Issue 42, part 3: a delivery larger than one slice is made and sealed a slice at a time and
/// still stored whole, once, in one commit, as the listener stores a request.
@Suite struct HealthAutoExportDeliveryTests {
    /// Delivers `payload` as `ingest serve` does, `sliceSize` events at a time; the size of each slice handed over.
    @discardableResult
    static func deliver(_ payload: HealthAutoExportPayload, into vault: ScratchVault, sliceSize: Int) throws -> (outcome: AppendOutcome, slices: [Int]) {
        let ledger = try vault.ledger
        let append = SlicedAppend(ledger)
        var slices: [Int] = []
        _ = try HealthAutoExportDelivery(text: payload.json, from: "request body", delivered: .now(), ledger: ledger, sliceSize: sliceSize) {
            slices.append($0.count)
            try append.add($0)
        }
        return (try append.commit(), slices)
    }

    @Test("a delivery of more readings than a slice holds is stored whole and once, as the same file imported at once")
    func slicesStoreTheWhole() async {
        await propertyCheck(count: 10, input: Gen.int(in: 1...30), Gen.int(in: 1...12), Gen.int(in: 0...900).array(of: 30)) { hours, size, steps in
            do {
                let payload = HealthAutoExportDailyTests.window(0, hours - 1, steps: steps + steps, rates: steps.map { 50 + $0 % 100 } + steps.map { 50 + $0 % 100 })
                let sliced = try ScratchVault()
                let (first, slices) = try Self.deliver(payload, into: sliced, sliceSize: size)
                #expect(slices.count == (2 * hours + size - 1) / size, "\(hours) hours in slices of \(size): \(slices)")
                #expect(first.appended.count == 2 * hours && first.duplicates == 0)
                let again = try Self.deliver(payload, into: sliced, sliceSize: size).outcome
                #expect(again.appended.isEmpty && again.duplicates == 2 * hours, "a retry stores nothing")

                let whole = try ScratchVault()
                try HealthAutoExportDailyTests.importing([payload], into: whole)
                #expect(try sliced.ledger.count() == whole.ledger.count())
                #expect(try HealthAutoExportDailyTests.daily(sliced) == HealthAutoExportDailyTests.daily(whole))
            } catch {
                Issue.record("\(hours) hours in slices of \(size): \(error)")
            }
        }
    }

    @Test("one bucket in two slices of a delivery: the later point is the day's value, as in one slice")
    func theLaterPointWinsAcrossSlices() throws {
        var payload = HealthAutoExportPayload()
        payload.add("step_count", "count", "2024-03-10 08:00:00 +0800", qty: 400)
        for hour in 9...14 { payload.add("step_count", "count", String(format: "2024-03-10 %02d:00:00 +0800", hour), qty: 10) }
        payload.add("step_count", "count", "2024-03-10 08:00:00 +0800", qty: 450)
        let sliced = try ScratchVault(), whole = try ScratchVault()
        try Self.deliver(payload, into: sliced, sliceSize: 3)
        try Self.deliver(payload, into: whole, sliceSize: 100)
        #expect(try HealthAutoExportDailyTests.daily(sliced)[1]["step_count"] == 510)
        #expect(try HealthAutoExportDailyTests.daily(whole)[1]["step_count"] == 510)
    }
}
