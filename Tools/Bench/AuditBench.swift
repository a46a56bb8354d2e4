import DemoData
import Foundation
import LedgerCore
import LedgerCrypto
import LedgerStore
import Synchronization

/// Issue 38's whole-log figures: the full audit against the raw read of the same log in the
/// same run, and `audit --since` after a day of quick entries on top of it.
enum AuditBench {
    static func run(events count: Int) throws {
        print("generating \(count) realistic mixed events…")
        var generator = DemoGenerator(seed: 42)
        let events = generator.events(count: count)
        let (ledger, _, vault) = try scratchLedger("audit")
        defer { try? FileManager.default.removeItem(atPath: vault) }
        let appender = BulkAppender(ledger: ledger)
        for start in stride(from: 0, to: events.count, by: 10_000) { try appender.add(Array(events[start..<min(start + 10_000, events.count)])) }
        try appender.finish()
        let kept = try ledger.latestCheckpoint()!
        // A day of quick entries, one commit each, after the checkpoint kept.
        for index in 0..<50 {
            try ledger.append([Event(MoodRated(rating: Double(1 + index % 10)), start: .now(), utcOffset: generator.utcOffset)])
        }

        for round in 1...3 {
            var started = Date()
            var seen = 0
            try ledger.forEach { _ in seen += 1; return true }
            let read = Double(seen) / Date().timeIntervalSince(started)
            started = Date()
            let full = try ledger.audit()
            let auditSeconds = Date().timeIntervalSince(started)
            started = Date()
            let opened = ReadStatistics.recordsOpened.load(ordering: .relaxed)
            let since = try ledger.audit(since: kept)
            let sinceSeconds = Date().timeIntervalSince(started)
            let sinceOpened = ReadStatistics.recordsOpened.load(ordering: .relaxed) - opened
            precondition(full.isClean && since.isClean, "the bench vault audits clean")
            print("round \(round): raw read \(format(read)) ev/s · audit \(format(Double(full.recordsChecked) / auditSeconds)) ev/s (\(String(format: "%.2f", auditSeconds)) s) · audit --since \(String(format: "%.3f", sinceSeconds)) s, \(sinceOpened) records opened")
        }
    }
}
