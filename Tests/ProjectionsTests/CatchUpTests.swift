import LedgerCore
import LedgerStore
@testable import Projections
import Testing
import TestSupport

@Suite("Catching up a long backlog")
struct CatchUpTests {
    /// 12,000 step samples, one every 10 minutes over 83 days.
    func backlog(_ vault: ScratchVault) throws {
        let events = (0..<12_000).map { index in
            Event(
                SampleRecorded(type: "HKQuantityTypeIdentifierStepCount", value: Double(index % 97), unit: "count"),
                start: Timestamp(micros: (1_767_261_600 + Int64(index) * 600) * 1_000_000), utcOffset: 3600)
        }
        for batch in stride(from: 0, to: events.count, by: 3_000) { try vault.ledger.append(Array(events[batch..<(batch + 3_000)])) }
    }

    @Test("saving as it goes, to keep memory flat, stores exactly what one save at the end would; progress is reported")
    func savedInPiecesEqualsARebuild() throws {
        let vault = try ScratchVault()
        try backlog(vault)
        let store = try vault.ledger.projectionStore(DailyMetricsView.name)
        var reports: [(UInt64, UInt64)] = []
        var savedBefore: [UInt64?] = []
        // A limit of one byte saves at every look at the fold's size.
        let state = try ProjectionEngine.catchUp(DailyMetricsView.self, ledger: vault.ledger, store: store, residentLimit: 1) { folded, total in
            reports.append((folded, total))
            savedBefore.append(try? store.checkpoint()?.size)
        }
        #expect(reports.map(\.0) == [4096, 8192])
        #expect(savedBefore == [nil, 4096], "the first stride was saved before the second was folded")
        #expect(reports.allSatisfy { $0.1 == 12_000 })
        #expect(try store.checkpoint()?.size == 12_000)
        let rebuilt = try ProjectionEngine.replay(DailyMetricsView.self, ledger: vault.ledger, dryRun: true)
        #expect(rebuilt.changedPartitions == 0, "\(rebuilt.summary)")
        let total = try (0..<84).reduce(0.0) { sum, day in
            sum + (try state.metrics(for: LocalDay(number: LocalDay(iso: "2026-01-01")!.number + Int64(day)))["step_count"] ?? 0)
        }
        #expect(total == Double((0..<12_000).reduce(0) { $0 + $1 % 97 }))
    }
}
