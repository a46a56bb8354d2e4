import LedgerCore
import PropertyBased
import Testing
import TestSupport
@testable import LedgerStore

/// The day index answers as a pass over the whole log does: the events that started on a
/// range of days, each at its own UTC offset, and `audit` names an entry that is wrong.
struct DayIndexTests {
    /// Moods, fatigue and amendments on a few days around midnight, at offsets from −18 h to
    /// +18 h, so the local day differs from the UTC day for many; batched at random.
    static func randomLog(_ ledger: Ledger, _ choices: [Int]) throws {
        var earlier: [Event] = []
        var batch: [Event] = []
        for (step, choice) in choices.enumerated() {
            let start = Timestamp(micros: 1_775_001_600_000_000 + Int64(choice % 331) * 900_000_000)
            let offset = Int32((choice / 7) % 37 - 18) * 3_600
            let event: Event = switch choice % 5 {
            case 0 where !earlier.isEmpty:
                Event(EventRetracted(target: earlier[choice % earlier.count].id), start: start, utcOffset: offset)
            case 1 where !earlier.isEmpty:
                Event(EventCorrected(target: earlier[choice % earlier.count].id, payloadSchema: earlier[choice % earlier.count].schema,
                                     payload: MoodRated(rating: Double(1 + choice % 10)).document), start: start, utcOffset: offset)
            case 2: Event(FatigueRated(rating: Double(1 + choice % 5)), start: start, utcOffset: offset)
            default: Event(MoodRated(rating: Double(1 + choice % 10)), start: start, utcOffset: offset)
            }
            batch.append(event)
            if event.kind == .moodRated || event.kind == .fatigueRated { earlier.append(event) }
            if choice % 4 == 0 || step == choices.count - 1 {
                try ledger.append(batch)
                batch = []
            }
        }
    }

    static func day(_ event: Event) -> LocalDay { LocalDay(event.start, utcOffset: event.utcOffset) }

    @Test func eventsOfARangeOfDaysAreThoseAFullScanFinds() async throws {
        let gen = zip(Gen.int(in: 0...9_999).array(of: 1...50), Gen.int(in: 0...5), Gen.int(in: 0...3))
        await propertyCheck(count: 40, input: gen) { choices, firstOffset, length in
            await recordingThrownErrors {
                let vault = try ScratchVault()
                let ledger = try vault.ledger
                try Self.randomLog(ledger, choices)
                let all = try ledger.allEvents()
                let first = LocalDay(number: Self.day(Event(MoodRated(rating: 1), start: Timestamp(micros: 1_775_001_600_000_000), utcOffset: 0)).number - 1 + Int64(firstOffset))
                let days = first...LocalDay(number: first.number + Int64(length))
                for kinds: Set<EventKind> in [[], [.fatigueRated]] {
                    var indexed: [StoredEvent] = []
                    try ledger.forEach(onDays: days, orKinds: kinds) { stored, _ in
                        indexed.append(stored)
                        return true
                    }
                    #expect(indexed == all.filter { days.contains(Self.day($0.event)) || kinds.contains($0.event.kind) }, "days \(days), kinds \(kinds)")
                }
                var current: [CurrentEvent] = []
                try ledger.forEach(onDays: days, current: true) { _, now in
                    current.append(now!)
                    return true
                }
                let startDays = all.map { Self.day($0.event) }
                #expect(try ledger.startedDays() == startDays.min().flatMap { first in startDays.max().map { first...$0 } })
                let scanned = try CurrentView.build(ledger).filter { days.contains(Self.day($0.stored.event)) }
                #expect(current.map(\.event) == scanned.map(\.event) && current.map(\.isRetracted) == scanned.map(\.isRetracted))
                #expect(try ledger.audit().problems.isEmpty)
            }
        }
    }

    /// Sequences 0–9 on the first day, 10–19 on the next, by their local day at +2 h.
    static func twoDays(_ ledger: Ledger) throws -> (first: LocalDay, second: LocalDay) {
        let midnight = Timestamp(micros: 1_775_001_600_000_000)
        try ledger.append((0..<20).map { index in
            Event(MoodRated(rating: 5), start: Timestamp(micros: midnight.micros + Int64(index / 10) * 86_400_000_000 + 3_600_000_000), utcOffset: 7_200)
        })
        let first = LocalDay(Timestamp(micros: midnight.micros + 3_600_000_000), utcOffset: 7_200)
        return (first, LocalDay(number: first.number + 1))
    }

    @Test func auditNamesAMissingAMovedAndAnInventedDayEntryBySequence() throws {
        let vault = try ScratchVault()
        let ledger = try vault.ledger
        let (first, second) = try Self.twoDays(ledger)
        let hasher = ledger.storeIndexHasher
        let tampering = VaultTampering(path: vault.directory)
        // 3 goes missing; 5 moves to the second day; 30, which no event has, is invented.
        try tampering.delete("index.day", keys: [hasher.dayKey(first, 3), hasher.dayKey(first, 5)])
        try tampering.put("index.day", [(hasher.dayKey(second, 5), []), (hasher.dayKey(first, 30), [])])
        let problems = try vault.open().audit().problems.map(\.description)
        #expect(problems.contains("index at sequence 3: the day index has no entry for it on the day it started, so a bundle or `log --from --to` of that day would leave it out"), "\(problems)")
        #expect(problems.contains("index at sequence 5: the day index has no entry for it on the day it started, so a bundle or `log --from --to` of that day would leave it out"), "\(problems)")
        #expect(problems.contains("index at sequence 5: the day index lists it under a day it did not start on"), "\(problems)")
        #expect(problems.contains("index at sequence 30: the day index lists it under a day it did not start on"), "\(problems)")
        #expect(problems.count == 4, "\(problems)")
        _ = try vault.open().rebuildStoreIndexes()
        #expect(try vault.open().audit().problems.isEmpty)
    }

    /// An event lasting over a day is listed under the tag of long events too, which a view
    /// read as of an earlier time reads whatever the days: one missing or invented there is named.
    @Test func auditNamesAMissingAndAnInventedEntryAmongTheLongEvents() throws {
        let vault = try ScratchVault()
        let ledger = try vault.ledger
        let start = Timestamp(micros: 1_775_001_600_000_000)
        let steps = SampleRecorded(type: "HKQuantityTypeIdentifierStepCount", value: 9_000, unit: "count")
        try ledger.append([
            Event(steps, start: start, end: Timestamp(micros: start.micros + 86_400_000_000), utcOffset: 0),
            Event(steps, start: start, end: Timestamp(micros: start.micros + 3 * 86_400_000_000), utcOffset: 0),
            Event(steps, start: start, end: Timestamp(micros: start.micros + 3_600_000_000), utcOffset: 0),
        ])
        let hasher = ledger.storeIndexHasher
        let long = bigEndianBytes(hasher.longEventsTag)
        let tampering = VaultTampering(path: vault.directory)
        #expect(try tampering.entries("index.day").filter { $0.key.starts(with: long) }.map(\.key) == [long + bigEndianBytes(UInt64(1))],
                "only the event of three days is long: one of exactly a day is not")
        #expect(try ledger.audit().problems.isEmpty)
        try tampering.delete("index.day", keys: [long + bigEndianBytes(UInt64(1))])
        try tampering.put("index.day", [(long + bigEndianBytes(UInt64(2)), [])])
        let problems = try vault.open().audit().problems.map(\.description)
        #expect(problems.contains("index at sequence 1: the day index does not list it among the events longer than a day, so a view read as of an earlier time would leave it out"), "\(problems)")
        #expect(problems.contains("index at sequence 2: the day index lists it among the events longer than a day, which it is not"), "\(problems)")
        #expect(problems.count == 2, "\(problems)")
    }

    @Test func anIncrementalAuditNamesTheDayEntriesOfNewEvents() throws {
        let vault = try ScratchVault()
        let ledger = try vault.ledger
        let (first, second) = try Self.twoDays(ledger)
        let checkpoint = try #require(try ledger.latestCheckpoint())
        try ledger.append((20..<25).map { _ in Event(MoodRated(rating: 4), start: second.midnight(utcOffset: 7_200), utcOffset: 7_200) })
        let hasher = ledger.storeIndexHasher
        let tampering = VaultTampering(path: vault.directory)
        try tampering.delete("index.day", keys: [hasher.dayKey(second, 22)])
        try tampering.put("index.day", [(hasher.dayKey(second, 40), []), (hasher.dayKey(first, 21), [])])
        let problems = try vault.open().audit(since: checkpoint).problems.map(\.description)
        #expect(problems.contains("index at sequence 22: the day index has no entry for it on the day it started, so a bundle or `log --from --to` of that day would leave it out"), "\(problems)")
        #expect(problems.contains("index at sequence 40: the day index lists it under a day it did not start on"), "\(problems)")
        // An entry of a new event under an old day: the full audit's to find.
        #expect(try vault.open().audit().problems.map(\.description).contains("index at sequence 21: the day index lists it under a day it did not start on"))
    }

    @Test func aVaultIndexedBeforeTheDayIndexIsIndexedAgainFromTheStart() throws {
        let vault = try ScratchVault()
        let (first, _) = try Self.twoDays(try vault.ledger)
        let tampering = VaultTampering(path: vault.directory)
        // As an earlier version left it: every index but the day index, counted under the old key.
        try tampering.drop("index.day")
        try tampering.delete("meta", keys: [StoreIndexes.coveredKey])
        try tampering.put("meta", [(StoreIndexes.earlierCoveredKeys[0].key, bigEndianBytes(UInt64(20)))])
        let reopened = try vault.open()
        #expect(try reopened.buildStoreIndexes() == StoreIndexBuild(indexed: 20, from: 0, reindexedBecause: "the index by day is new in this version, among other new indexes"))
        #expect(try reopened.buildStoreIndexes() == nil)
        var found: [UInt64] = []
        try reopened.forEach(onDays: first...first) { stored, _ in
            found.append(stored.sequence)
            return true
        }
        #expect(found == Array(0..<10))
        #expect(try reopened.audit().problems.isEmpty)
    }

    /// The first and last days events started on, which `log --from` alone reads: `audit`
    /// names a span that is not the log's, and `audit --since` one that leaves out a new event.
    @Test func auditNamesStartedDaysThatAreNotTheLogs() throws {
        let vault = try ScratchVault()
        let ledger = try vault.ledger
        let (first, second) = try Self.twoDays(ledger)
        #expect(try ledger.startedDays() == first...second)
        let checkpoint = try #require(try ledger.latestCheckpoint())
        let later = LocalDay(number: second.number + 5)
        try ledger.append([Event(MoodRated(rating: 4), start: later.midnight(utcOffset: 7_200), utcOffset: 7_200)])
        #expect(try ledger.startedDays() == first...later)
        #expect(try ledger.audit().problems.isEmpty)
        try ledger.environment.write { txn in try ledger.storeStartedDays(txn, StartedDays(first: first, last: second)) }
        let said = "index at sequence 0: the store indexes say events started from \(first)–\(second) but the log's "
        #expect(try vault.open().audit().problems.map(\.description) == [said + "events started \(first)–\(later), so `log --from` or `--to` alone would leave some out; `healthledger replay` rebuilds them"])
        #expect(try vault.open().audit(since: checkpoint).problems.map(\.description) == [said + "newest events started \(later)–\(later), so `log --from` or `--to` alone would leave some out; `healthledger replay` rebuilds them"])
    }

    /// A vault indexed before the indexes kept the days is not indexed again for them (a
    /// whole-log read): it keeps none, so `log --from` alone reads the log as before, and
    /// new commits add none, until `replay` indexes the log from its start.
    @Test func aVaultIndexedBeforeTheStartedDaysKeepsNoneUntilItIsIndexedAgain() throws {
        let vault = try ScratchVault()
        let (first, second) = try Self.twoDays(try vault.ledger)
        try VaultTampering(path: vault.directory).delete("index.activities", keys: [StartedDays.key])
        let reopened = try vault.open()
        #expect(try reopened.buildStoreIndexes() == nil)
        try reopened.append([Event(MoodRated(rating: 4), start: second.midnight(utcOffset: 7_200), utcOffset: 7_200)])
        #expect(try reopened.startedDays() == nil)
        #expect(try reopened.audit().problems.isEmpty)
        try reopened.rebuildStoreIndexes()
        #expect(try reopened.startedDays() == first...second)
        #expect(try reopened.audit().problems.isEmpty)
    }
}
