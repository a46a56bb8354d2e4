import Foundation
import LedgerCore
import LedgerStore
import Projections
import Testing
import TestSupport

@Suite("Views folded during a bulk append")
struct LiveViewsTests {
    /// Six days of heart rate, steps, meals and weight from four sources, in time order:
    /// the daily metrics, the calorie credit and the query index all have something to fold.
    func history() -> [Event] {
        let first: Int64 = 1_767_261_600
        var events: [Event] = []
        for minute in stride(from: 0, to: 6 * 1440, by: 10) {
            let start = Timestamp(micros: (first + Int64(minute) * 60) * 1_000_000)
            let watch = Source(name: "Watch", device: "Apple Watch")
            events.append(Event(
                SampleRecorded(type: "HKQuantityTypeIdentifierHeartRate", value: Double(55 + minute % 40), unit: "count/min"),
                start: start, utcOffset: 3600, source: watch))
            if minute % 30 == 0 {
                events.append(Event(
                    SampleRecorded(type: "HKQuantityTypeIdentifierStepCount", value: Double(minute % 700), unit: "count"),
                    start: start, end: start.adding(seconds: 600), utcOffset: 3600, source: Source(name: "iPhone")))
            }
            if minute % 1440 == 0 {
                events.append(Event(
                    SampleRecorded(type: "HKQuantityTypeIdentifierDietaryEnergyConsumed", value: 2100, unit: "kcal"),
                    start: start.adding(seconds: 43_200), utcOffset: 3600, source: Source(name: "MyFitnessPal")))
                events.append(Event(
                    SampleRecorded(type: "HKQuantityTypeIdentifierBodyMass", value: 80 - Double(minute) / 40_000, unit: "kg"),
                    start: start.adding(seconds: 25_200), utcOffset: 3600, source: Source(name: "Withings")))
            }
        }
        return events
    }

    @Test("saved many times while the folding goes on, the views equal a full replay")
    func drainedWhileFoldingEqualsAReplay() throws {
        let vault = try ScratchVault()
        // At 24 KB folded the views are drained every few dozen events, and each
        // drain is written while later events are folded on top of it.
        let views = try ProjectionCatalog.liveViews(ledger: vault.ledger, residentLimit: 24 << 10)
        let appender = BulkAppender(
            ledger: try vault.ledger, preparation: .onOwnThread, onPrepared: { views.apply($0, first: $1) },
            onCommit: { _, outcome in views.confirm(outcome) })
        let hurried = UncheckedAppender(appender: appender)
        views.follow(hurry: { hurried.appender.commitPromptly() }, failed: { hurried.appender.hasFailed })
        let events = history()
        for start in stride(from: 0, to: events.count, by: 500) {
            try appender.add(Array(events[start..<min(start + 500, events.count)]))
        }
        try appender.finish()
        try views.finish()

        let head = try vault.ledger.head().size
        #expect(head == UInt64(events.count))
        for name in ProjectionCatalog.names {
            #expect(try vault.ledger.projectionStore(name).checkpoint()?.size == head, "\(name) was saved up to the end")
        }
        for replay in try ProjectionCatalog.replay([], ledger: vault.ledger, dryRun: true) {
            #expect(replay.changedPartitions == 0, "\(replay.summary)")
        }
    }
}

/// The appender, for the views to hurry from their thread, as the importer hands it over.
private struct UncheckedAppender: @unchecked Sendable {
    let appender: BulkAppender
}
