import DemoData
import LedgerCore
import LedgerCrypto
import LedgerStore
import Projections
import Testing
import TestSupport

@Suite struct EngineTests {
    @Test func aViewCatchesUpWithOnlyTheNewEvents() throws {
        let vault = try ScratchVault()
        try vault.mood(5)
        try vault.mood(6)
        #expect(try ProjectionEngine.current(KindTallyV1.self, ledger: vault.ledger).total(.moodRated) == 2)
        try vault.ledger.append([Event(FatigueRated(rating: 3), start: Timestamp(micros: 0), utcOffset: 0)])
        let state = try ProjectionEngine.current(KindTallyV1.self, ledger: vault.ledger)
        #expect(try state.total(.moodRated) == 2)
        #expect(try state.total(.fatigueRated) == 1)
        let checkpoint = try #require(try vault.ledger.projectionStore(KindTallyV1.name).checkpoint())
        #expect(checkpoint.size == 3)
        #expect(checkpoint.root == (try vault.ledger.latestCheckpoint()?.rootHash))
    }

    @Test func correctionsAndRetractionsReplaceWhatTheViewHeld() throws {
        let vault = try ScratchVault()
        let first = try vault.mood(4)
        let second = try vault.mood(7)
        try vault.ledger.append([Event(EventCorrected(target: first.id, replacement: MoodRated(rating: 9)), start: Timestamp(micros: 0), utcOffset: 0)])
        #expect(try ProjectionEngine.current(KindTallyV2.self, ledger: vault.ledger, autoReplay: true).total(.moodRated) == 16)
        try vault.ledger.append([Event(EventRetracted(target: second.id), start: Timestamp(micros: 0), utcOffset: 0)])
        try vault.ledger.append([Event(EventCorrected(target: first.id, replacement: MoodRated(rating: 2)), start: Timestamp(micros: 0), utcOffset: 0)])
        #expect(try ProjectionEngine.current(KindTallyV2.self, ledger: vault.ledger).total(.moodRated) == 2)
    }

    @Test func asOfReturnsTheViewBeforeALaterCorrection() throws {
        let vault = try ScratchVault()
        let mood = try vault.mood(4)
        try vault.mood(5)
        let before = try vault.ledger.count()
        try vault.ledger.append([Event(EventCorrected(target: mood.id, replacement: MoodRated(rating: 8)), start: Timestamp(micros: 0), utcOffset: 0)])
        #expect(try ProjectionEngine.current(KindTallyV2.self, ledger: vault.ledger, autoReplay: true).total(.moodRated) == 13)
        #expect(try ProjectionEngine.asOf(KindTallyV2.self, ledger: vault.ledger, size: before).total(.moodRated) == 9)
    }

    @Test func twoFullReplaysGiveByteIdenticalState() throws {
        let vault = try ScratchVault()
        for rating in 1...9 { try vault.mood(Double(rating), at: Int64(rating) * 3600) }
        _ = try ProjectionEngine.replay(KindTallyV2.self, ledger: vault.ledger, dryRun: false)
        let first = try vault.ledger.projectionStore(KindTallyV2.name).allPartitions()
        let again = try ProjectionEngine.replay(KindTallyV2.self, ledger: vault.ledger, dryRun: false)
        let second = try vault.ledger.projectionStore(KindTallyV2.name).allPartitions()
        #expect(first.map(\.key) == second.map(\.key))
        #expect(first.map(\.value) == second.map(\.value))
        #expect(again.changedPartitions == 0)
    }

    @Test func aVersionBumpAsksForAReplayThatReportsTheExactDiff() throws {
        let vault = try ScratchVault()
        try vault.mood(4)
        try vault.mood(6)
        try vault.ledger.append([Event(FatigueRated(rating: 3), start: Timestamp(micros: 0), utcOffset: 0)])
        _ = try ProjectionEngine.current(KindTallyV1.self, ledger: vault.ledger)
        #expect(throws: ProjectionVersionError.self) { try ProjectionEngine.current(KindTallyV2.self, ledger: vault.ledger) }

        let dryRun = try ProjectionEngine.replay(KindTallyV2.self, ledger: vault.ledger, dryRun: true)
        #expect(dryRun.storedVersion == 1)
        #expect(dryRun.changedPartitions == 1)
        #expect(dryRun.details == ["mood.rated: 2 → 10"])
        #expect(try vault.ledger.projectionStore(KindTallyV1.name).checkpoint()?.version == 1, "a dry run changes nothing")

        let applied = try ProjectionEngine.replay(KindTallyV2.self, ledger: vault.ledger, dryRun: false)
        #expect(applied.details == ["mood.rated: 2 → 10"])
        let state = try ProjectionEngine.current(KindTallyV2.self, ledger: vault.ledger)
        #expect(try state.total(.moodRated) == 10)
        #expect(try state.total(.fatigueRated) == 1)
    }
}

@Suite struct DailyMetricsReplayTests {
    /// Two full replays of a realistic month give byte-identical daily-metrics partitions.
    @Test func twoReplaysOfAGeneratedMonthAreByteIdentical() throws {
        let vault = try ScratchVault()
        var generator = DemoGenerator(seed: 11)
        try vault.ledger.append(generator.setup())
        for day in 0..<30 { try vault.ledger.append(generator.day(day)) }
        _ = try ProjectionEngine.replay(DailyMetricsView.self, ledger: vault.ledger, dryRun: false)
        let first = try vault.ledger.projectionStore(DailyMetricsView.name).allPartitions()
        let report = try ProjectionEngine.replay(DailyMetricsView.self, ledger: vault.ledger, dryRun: false)
        let second = try vault.ledger.projectionStore(DailyMetricsView.name).allPartitions()
        #expect(first.count > 30)
        #expect(first.map(\.key) == second.map(\.key))
        #expect(first.map(\.value) == second.map(\.value))
        #expect(report.changedPartitions == 0)
        let caughtUp = try ProjectionEngine.current(DailyMetricsView.self, ledger: vault.ledger)
        let day = LocalDay(iso: "2026-01-15")!
        #expect(try caughtUp.metrics(for: day)["step_count"] != nil)
    }
}

@Suite struct LargeReplayTests {
    /// A replay of thousands of partitions encodes, seals and opens them on every core; the
    /// state must still be exactly what catching up one batch at a time stored.
    @Test func aReplaySharedAcrossCoresStoresWhatCatchingUpStored() throws {
        let vault = try ScratchVault()
        let types: [(String, String, Double)] = [
            ("StepCount", "count", 4_000), ("HeartRate", "count/min", 60), ("BodyMass", "kg", 70),
            ("ActiveEnergyBurned", "kcal", 300), ("BasalEnergyBurned", "kcal", 1_500),
        ]
        let watch = Source(name: "Apple Watch")
        for firstDay in stride(from: 0, to: 900, by: 100) {
            let events = (firstDay..<(firstDay + 100)).flatMap { day in
                types.enumerated().map { index, type in
                    Event(
                        SampleRecorded(type: "HKQuantityTypeIdentifier" + type.0, value: type.2 + Double(day % 17), unit: type.1),
                        start: Timestamp(micros: Int64(day) * 86_400_000_000 + Int64(index + 8) * 3_600_000_000),
                        utcOffset: 3_600, source: watch)
                }
            }
            try vault.ledger.append(events)
            _ = try ProjectionEngine.current(DailyMetricsView.self, ledger: vault.ledger)
        }
        let caughtUp = try vault.ledger.projectionStore(DailyMetricsView.name).allPartitions()
        #expect(caughtUp.count >= 4_096, "enough partitions for the replay to share its work")

        let report = try ProjectionEngine.replay(DailyMetricsView.self, ledger: vault.ledger, dryRun: false)
        let replayed = try vault.ledger.projectionStore(DailyMetricsView.name).allPartitions()
        #expect(report.changedPartitions == 0)
        #expect(replayed.map(\.key) == caughtUp.map(\.key))
        #expect(replayed.map(\.value) == caughtUp.map(\.value))
        let day = try ProjectionEngine.current(DailyMetricsView.self, ledger: vault.ledger).metrics(for: LocalDay(number: 899))
        #expect(day["step_count"] == 4_000 + Double(899 % 17))
    }
}
