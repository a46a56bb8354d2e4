import DemoData
import Foundation
import LedgerCore
import LedgerCrypto
import LedgerStore
import Projections

/// Issue #3's figures: a full replay of daily metrics against the raw read rate in the same
/// run, and catch-up after one append followed by reading today's metrics.
enum ReplayBench {
    static func run(events count: Int) throws {
        print("generating \(count) realistic mixed events…")
        var generator = DemoGenerator(seed: 42)
        let events = generator.events(count: count)
        let (ledger, _, vault) = try scratchLedger("replay")
        defer { try? FileManager.default.removeItem(atPath: vault) }
        let appender = BulkAppender(ledger: ledger)
        for start in stride(from: 0, to: events.count, by: 10_000) { try appender.add(Array(events[start..<min(start + 10_000, events.count)])) }
        try appender.finish()

        var readRates: [Double] = []
        var replayRates: [Double] = []
        for round in 1...3 {
            let started = Date()
            var seen = 0
            try ledger.forEach { _ in seen += 1; return true }
            readRates.append(Double(seen) / Date().timeIntervalSince(started))
            let report = try ProjectionEngine.replay(DailyMetricsView.self, ledger: ledger, dryRun: false)
            replayRates.append(Double(report.events) / report.seconds)
            print("round \(round): raw read \(format(readRates.last!)) ev/s · daily-metrics replay \(format(replayRates.last!)) ev/s")
        }
        let best = replayRates.max()!, read = readRates.max()!
        print("full replay through daily metrics: \(format(best)) ev/s = \(String(format: "%.1f", best / read * 100))% of raw read \(format(read)) ev/s (targets ≥ 400k/s and ≥ 75%)")

        var timings: [Double] = []
        let offset = generator.utcOffset
        for index in 0..<30 {
            let event = Event(MoodRated(rating: Double(1 + index % 10)), start: .now(), utcOffset: offset)
            try ledger.append([event])
            let started = DispatchTime.now().uptimeNanoseconds
            let state = try ProjectionEngine.current(DailyMetricsView.self, ledger: ledger)
            let today = try state.metrics(for: LocalDay(.now(), utcOffset: offset))
            timings.append(Double(DispatchTime.now().uptimeNanoseconds - started) / 1e6)
            precondition(today["mood_avg"] != nil || today.values.contains { $0 != nil })
        }
        timings.sort()
        print("catch-up after one append + today's metrics: median \(String(format: "%.2f", timings[15])) ms, p95 \(String(format: "%.2f", timings[28])) ms (target ≤ 5 ms)")
    }
}
