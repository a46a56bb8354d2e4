import LedgerCore
import PropertyBased
import Testing
import TestSupport
@testable import LedgerStore

/// The store indexes answer as a pass over the whole log does, on logs with corrections,
/// retractions, starts and stops in any order and any batching.
struct StoreIndexTests {
    /// A random log from `choices`: moods, fatigue, starts and stops (with and without the
    /// start they end, names differing in case), corrections and retractions of anything
    /// earlier, and now and then an amendment stored before the event it aims at.
    static func randomLog(_ ledger: Ledger, _ choices: [Int]) throws {
        var earlier: [Event] = []
        var starts: [EventID] = []
        var batch: [Event] = []
        let names = ["Reading", "reading", "Walking"]
        for (step, choice) in choices.enumerated() {
            let start = Timestamp(micros: 1_775_000_000_000_000 + Int64(choice % 97) * 60_000_000)
            var event: Event
            switch choice % 8 {
            case 0, 1:
                event = Event(MoodRated(rating: Double(1 + choice % 10)), start: start, utcOffset: 3_600)
            case 2:
                event = Event(ActivityStarted(name: names[choice % 3]), start: start, utcOffset: 0)
                starts.append(event.id)
            case 3:
                let startedBy = choice % 3 == 0 || starts.isEmpty ? nil : starts[choice % starts.count]
                event = Event(ActivityStopped(name: names[(choice / 8) % 3], startedBy: startedBy), start: start, utcOffset: 0)
            case 4 where !earlier.isEmpty:
                let target = earlier[choice % earlier.count]
                let replacement: Document = switch target.kind {
                case .activityStarted, .activityStopped: ActivityStarted(name: names[(choice / 8) % 3]).document
                default: MoodRated(rating: Double(1 + (choice / 8) % 10)).document
                }
                event = Event(EventCorrected(target: target.id, payloadSchema: target.schema, payload: replacement), start: start, utcOffset: 0)
            case 5 where !earlier.isEmpty:
                event = Event(EventRetracted(target: earlier[choice % earlier.count].id), start: start, utcOffset: 0)
            case 6:
                // A retraction stored before its target, in the same batch.
                let target = Event(ActivityStarted(name: names[choice % 3]), start: start, utcOffset: 0)
                batch.append(Event(EventRetracted(target: target.id), start: start, utcOffset: 0))
                event = target
                starts.append(target.id)
            default:
                event = Event(FatigueRated(rating: Double(1 + choice % 5)), start: start, utcOffset: 0)
            }
            batch.append(event)
            earlier.append(event)
            if choice % 3 == 0 || step == choices.count - 1 {
                try ledger.append(batch)
                batch = []
            }
        }
    }

    /// The running activities as the pass over every event found them before the index.
    static func scannedActivities(_ ledger: Ledger) throws -> RunningActivities {
        var activities = RunningActivities()
        let kinds: Set<EventKind> = [.activityStarted, .activityStopped]
        for current in try CurrentView.build(ledger, include: { kinds.contains($0.kind) }) where !current.isRetracted {
            if let fact = ActivityFact(current.event) { activities.apply(fact, id: current.event.id, sequence: current.stored.sequence) }
        }
        return activities
    }

    struct Row: Equatable {
        let sequence: UInt64
        let event: Event
        let retracted: Bool
    }

    @Test func indexedReadsEqualAFullScan() async throws {
        await propertyCheck(count: 40, input: Gen.int(in: 0...9_999).array(of: 1...60)) { choices in
            await recordingThrownErrors {
                let vault = try ScratchVault()
                let ledger = try vault.ledger
                try Self.randomLog(ledger, choices)
                let current = try CurrentView.build(ledger)
                let all = try ledger.allEvents()
                for kinds: Set<EventKind> in [[], [.moodRated], [.activityStarted, .activityStopped], [.eventRetracted, .fatigueRated]] {
                    var indexed: [Row] = []
                    try ledger.newestFirst(kinds: kinds, current: true) { stored, now in
                        indexed.append(Row(sequence: stored.sequence, event: now!.event, retracted: now!.isRetracted))
                        return true
                    }
                    let scanned = current.filter { kinds.isEmpty || kinds.contains($0.stored.event.kind) }
                        .map { Row(sequence: $0.stored.sequence, event: $0.event, retracted: $0.isRetracted) }
                    #expect(indexed == scanned.reversed(), "kinds \(kinds)")
                    var raw: [StoredEvent] = []
                    try ledger.newestFirst(kinds: kinds, current: false) { stored, _ in
                        raw.append(stored)
                        return true
                    }
                    #expect(raw == all.filter { kinds.isEmpty || kinds.contains($0.event.kind) }.reversed())
                }
                #expect(try ledger.runningActivities() == Self.scannedActivities(ledger))
                for event in current {
                    let one = try ledger.currentEvent(id: event.event.id)!
                    #expect(one.event == event.event && one.amendments == event.amendments)
                }
                #expect(try ledger.audit().problems.isEmpty)
            }
        }
    }

    @Test func aVaultWithoutIndexesIsIndexedOnceAndAnswersTheSame() throws {
        let vault = try ScratchVault()
        try Self.randomLog(try vault.ledger, Array(stride(from: 7, to: 2_000, by: 37)))
        let running = try vault.ledger.runningActivities()
        let tampering = VaultTampering(path: vault.directory)
        for name in ["index.kind", "index.amendments", "index.activities"] { try tampering.drop(name) }
        try tampering.delete("meta", keys: [StoreIndexes.coveredKey])
        let reopened = try vault.open()
        let build = try #require(try reopened.buildStoreIndexes())
        #expect(build == StoreIndexBuild(indexed: try reopened.count(), from: 0))
        #expect(try reopened.buildStoreIndexes() == nil)
        #expect(try reopened.runningActivities() == running)
        #expect(try reopened.audit().problems.isEmpty)
    }

    @Test func eventsAnOlderBuildAppendedAreIndexedFromWhereTheIndexesStopped() throws {
        let vault = try ScratchVault()
        try vault.ledger.append(MoodEvents.events(count: 10, first: 0))
        // As an older build appends: the log grows, the indexes do not.
        try VaultTampering(path: vault.directory).put("meta", [(StoreIndexes.coveredKey, bigEndianBytes(4))])
        let reopened = try vault.open()
        try reopened.append(MoodEvents.events(count: 5, first: 10))
        #expect(try reopened.buildStoreIndexes() == StoreIndexBuild(indexed: 11, from: 4))
        var moods = 0
        try reopened.newestFirst(kinds: [.moodRated], current: false) { _, _ in moods += 1; return true }
        #expect(moods == 15)
    }

    /// A page of the newest that reads back through the whole log looks up each event's batch
    /// and amendments as it goes: it keeps the lookup budget however long it walks, where the
    /// whole-log budget would let go of those lookups' pages every few dozen events.
    @Test func aWalkBackThroughTheLogKeepsTheLookupBudget() throws {
        let vault = try ScratchVault()
        try vault.ledger.append(MoodEvents.events(count: 6_000, first: 0))
        let ledger = try vault.open()
        var walked = 0, budgets: Set<Int> = []
        try ledger.newestFirst(kinds: [], current: true, matching: IndexedSearch(text: "1234")) { _, _ in
            walked += 1
            if walked > MappedPageAllowance.stepsOfWholeLogWork { budgets.insert(ledger.environment.mappedBudget) }
            return true
        }
        #expect(walked == 6_000)
        #expect(budgets == [MemoryPolicy.lookupBudget])
    }
}
