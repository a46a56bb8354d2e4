import DemoData
import LedgerCore
import LedgerStore
import Projections
import Testing
import TestSupport

@Suite("A replay saved in slices")
struct SlicedReplayTests {
    /// Three weeks and a half of the demo (thousands of events, more than one slice of a replay), then
    /// corrections and retractions of events from the first slice, made in the last.
    func vaultWithAmendmentsAcrossSlices() throws -> ScratchVault {
        let vault = try ScratchVault()
        var generator = DemoGenerator(seed: 5)
        var events = generator.setup()
        for day in 0..<24 { events += generator.day(day) }
        try vault.ledger.append(events)
        let early = events.prefix(2_000)
        let moods = early.filter { $0.kind == .moodRated }
        let samples = early.filter { $0.kind == .sampleRecorded }
        #expect(moods.count >= 4 && samples.count >= 4)
        #expect(events.count > 2 * 4_096, "the replay saves at least twice before the end")
        let at = Timestamp(micros: 1_768_000_000_000_000)
        try vault.ledger.append([
            Event(EventCorrected(target: moods[0].id, replacement: MoodRated(rating: 1)), start: at, utcOffset: 0),
            Event(EventRetracted(target: moods[1].id), start: at, utcOffset: 0),
            Event(EventRetracted(target: samples[0].id), start: at, utcOffset: 0),
            Event(EventCorrected(target: moods[0].id, replacement: MoodRated(rating: 9)), start: at, utcOffset: 0),
        ])
        return vault
    }

    /// Saved into its shadow every few thousand events, let go of and read back, each view
    /// holds exactly what a replay kept whole in memory stores: corrections of events folded
    /// (and saved) long before find them in the shadow.
    @Test func aReplaySavedInSlicesStoresWhatAWholeOneStores() throws {
        let vault = try vaultWithAmendmentsAcrossSlices()
        _ = try ProjectionCatalog.replay([], ledger: vault.ledger, dryRun: false, residentLimit: .max)
        let whole = try ProjectionCatalog.names.map { try vault.ledger.projectionStore($0).allPartitions() }

        let reports = try ProjectionCatalog.replay([], ledger: vault.ledger, dryRun: false, residentLimit: 0)
        for (name, partitions) in zip(ProjectionCatalog.names, whole) {
            let sliced = try vault.ledger.projectionStore(name).allPartitions()
            #expect(sliced.map(\.key) == partitions.map(\.key), "\(name)")
            let differing = zip(sliced, partitions).filter { $0.value != $1.value }.count
            #expect(differing == 0, "\(name): \(differing) of \(partitions.count) partitions differ")
            #expect(try vault.ledger.projectionStore(name).checkpoint()?.size == vault.ledger.head().size)
        }
        #expect(reports.map(\.changedPartitions) == Array(repeating: 0, count: ProjectionCatalog.names.count), "\(reports.map(\.summary))")
        #expect(!whole[0].isEmpty)
    }

    /// A dry run fills a shadow and compares it, then deletes it: the state in use is the one
    /// that was there, and the next replay finds the same differences.
    @Test func aDryRunLeavesTheStateAsItWas() throws {
        let vault = try vaultWithAmendmentsAcrossSlices()
        _ = try ProjectionEngine.current(DailyMetricsView.self, ledger: vault.ledger)
        let before = try vault.ledger.projectionStore(DailyMetricsView.name).allPartitions()
        try vault.ledger.append([Event(MoodRated(rating: 4), start: Timestamp(micros: 1_767_300_000_000_000), utcOffset: 0)])
        let dryRun = try ProjectionCatalog.replay([DailyMetricsView.name], ledger: vault.ledger, dryRun: true, residentLimit: 0)
        #expect(dryRun.count == 1)
        #expect(dryRun[0].changedPartitions >= 1, "\(dryRun[0].summary)")
        let after = try vault.ledger.projectionStore(DailyMetricsView.name).allPartitions()
        #expect(after.count == before.count)
        #expect(zip(after, before).allSatisfy { $0.key == $1.key && $0.value == $1.value }, "the state in use is unchanged")
        #expect(try ProjectionCatalog.replay([DailyMetricsView.name], ledger: vault.ledger, dryRun: true)[0].changedPartitions == dryRun[0].changedPartitions)
    }
}
