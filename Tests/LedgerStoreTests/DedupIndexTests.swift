import CLMDB
import Foundation
import LedgerCore
import LedgerCrypto
import Migrations
import PropertyBased
import Testing
import TestSupport
@testable import LedgerStore

@Suite struct DedupIndexTests {
    /// Entries in each tier, and whether any key is in both.
    private func tiers(_ ledger: Ledger) throws -> (settled: Int, recent: Int, inBoth: Int) {
        try ledger.environment.read { txn in
            let index = ledger.databases.ids
            var inBoth = 0
            let cursor = try txn.cursor(index.recent)
            var entry = try cursor.move(.first)
            while let (_, key) = entry {
                if try txn.get(index.settled, key: key, { _ in true }) != nil { inBoth += 1 }
                entry = try cursor.move(.next)
            }
            return (try txn.statistics(index.settled).ms_entries, try txn.statistics(index.recent).ms_entries, inBoth)
        }
    }

    /// The keys a map that another process holds sees, as of now.
    private func keys(seenBy map: RecentKeyMap, in ledger: Ledger) throws -> Set<IndexKey> {
        try ledger.environment.read { txn in
            try map.withCaughtUp(txn, ledger.databases.ids) { map, _ in
                var keys: Set<IndexKey> = []
                map.forEach { key, _ in keys.insert(key) }
                return keys
            }
        }
    }

    private func key(of event: Event, in ledger: Ledger) -> IndexKey {
        IndexKey(of: event.id, ledger.indexHasher)
    }

    private func rewriteFormat(of vault: ScratchVault, to format: Int) throws {
        let header = vault.directory + "/vault.json"
        let text = try String(contentsOfFile: header, encoding: .utf8)
        try text.replacingOccurrences(of: #""format" : \#(VaultFormat.current)"#, with: #""format" : \#(format)"#)
            .write(toFile: header, atomically: true, encoding: .utf8)
        #expect(try VaultHeader.read(vault: vault.directory).format == format)
    }

    /// 300 new events (new ids) a day after batch `number - 1`'s.
    private func batch(_ number: Int) -> [Event] {
        heartRateEvents(count: 300, startingAt: 1_767_225_600_000_000 + Int64(number) * 86_400_000_000)
    }

    @Test func recentKeysSettleSliceBySliceAndEveryIDStillDeduplicates() throws {
        let vault = try ScratchVault()
        let ledger = try vault.open()
        ledger.idSettling = DedupIndex.Settling(recentLimit: 100, pagesPerTransaction: 1)
        let batches = (0..<6).map(batch)
        for events in batches { try ledger.append(events) }
        let slices = try ledger.environment.read { txn in try ledger.databases.ids.slicesToSettle(txn, ledger.idSettling, adding: 300) }
        #expect(slices.count > 1, "a settled index of several pages settles in several transactions")
        #expect(slices.first?.lowerBound == 0 && slices.last?.upperBound == 1 << 16)
        #expect(zip(slices, slices.dropFirst()).allSatisfy { $0.upperBound == $1.lowerBound })

        let (settled, recent, inBoth) = try tiers(ledger)
        #expect(recent == 300, "each commit settled what was recent before it, so only the last batch is recent")
        #expect(settled == 1_500)
        #expect(inBoth == 0)

        let again = try ledger.append(batches.flatMap { $0 })
        #expect(again.appended.isEmpty)
        #expect(again.duplicates == 1_800)
        for number in 0..<6 {
            let event = batches[number][number * 37]
            #expect(try ledger.event(id: event.id)?.sequence == UInt64(number * 300 + number * 37))
        }
    }

    @Test func aFormatOneVaultIsUpgradedAndItsIndexStillFindsEveryEvent() throws {
        let vault = try ScratchVault()
        var ledger: Ledger? = try vault.open()
        let events = batch(0)
        try ledger!.append(events)
        // Make it as format 1 left it: one index, no recent tier, format 1 in vault.json.
        ledger!.idSettling.recentLimit = 0
        try ledger!.settleRecentIDsIfNeeded(adding: 1)
        try ledger!.environment.write { txn in try lmdb(mdb_drop(txn.handle, ledger!.databases.ids.recent.handle, 1), "mdb_drop") }
        ledger = nil
        try rewriteFormat(of: vault, to: 1)

        let upgraded = try vault.open()
        #expect(upgraded.header.format == VaultFormat.current)
        #expect(try VaultHeader.read(vault: vault.directory).format == VaultFormat.current)
        #expect(try upgraded.event(id: events[123].id)?.sequence == 123)
        #expect(try upgraded.append(events).duplicates == 300)
        #expect(try upgraded.append(batch(1)).appended.count == 300)
        #expect(try tiers(upgraded).settled == 300)
    }

    @Test func aFormatTwoVaultsRecentKeysMoveIntoTheSettledIndex() throws {
        let vault = try ScratchVault()
        var ledger: Ledger? = try vault.open()
        let events = batch(0)
        try ledger!.append(events)
        // Make it as format 2 left it: the recent keys in `ids.recent`, key → sequence.
        try ledger!.environment.write { txn in
            let index = ledger!.databases.ids
            let old = try ledger!.environment.database(DedupIndex.formatTwoRecentName, in: txn, create: true, comparingWordwise: true)
            var entries: [(key: [UInt8], value: [UInt8])] = []
            let cursor = try txn.cursor(index.recent)
            var entry = try cursor.move(.first)
            while let (sequence, key) = entry {
                entries.append((Array(key), Array(sequence.suffix(IndexValue.size))))
                entry = try cursor.move(.next)
            }
            for (key, value) in entries { try txn.put(old, key: key, value: value) }
            try lmdb(mdb_drop(txn.handle, index.recent.handle, 1), "mdb_drop")
            try txn.delete(index.meta, key: SettledKeyFilter.metaKey)
        }
        ledger = nil
        try rewriteFormat(of: vault, to: 2)

        let upgraded = try vault.open()
        #expect(try VaultHeader.read(vault: vault.directory).format == VaultFormat.current)
        #expect(try tiers(upgraded) == (settled: 300, recent: 0, inBoth: 0))
        let formatTwoTierRemains = try upgraded.environment.read { txn in
            (try? upgraded.environment.database(DedupIndex.formatTwoRecentName, in: txn, create: false)) != nil
        }
        #expect(!formatTwoTierRemains)
        #expect(try upgraded.event(id: events[123].id)?.sequence == 123)
        #expect(try upgraded.append(events).duplicates == 300)
    }

    /// What another process appending to the same vault relies on.
    @Test func aMapHeldElsewhereSeesEveryAppendAndStartsOverAfterASettling() throws {
        let vault = try ScratchVault()
        let ledger = try vault.open()
        ledger.idSettling = DedupIndex.Settling(recentLimit: 700, pagesPerTransaction: 1)
        let elsewhere = RecentKeyMap(capacity: 16)
        let batches = (0..<3).map(batch)
        try ledger.append(batches[0])
        #expect(try keys(seenBy: elsewhere, in: ledger) == Set(batches[0].map { key(of: $0, in: ledger) }))
        try ledger.append(batches[1])
        #expect(try keys(seenBy: elsewhere, in: ledger).count == 600)
        try ledger.append(batches[2])
        #expect(try tiers(ledger) == (settled: 600, recent: 300, inBoth: 0), "600 + 300 keys are past the limit: the first 600 settled")
        #expect(try keys(seenBy: elsewhere, in: ledger) == Set(batches[2].map { key(of: $0, in: ledger) }))
    }

    @Test func aSettlingCutShortLeavesEveryKeyFindableAndTheNextOneFinishes() throws {
        let vault = try ScratchVault()
        let ledger = try vault.open()
        ledger.idSettling.recentLimit = 10_000
        let stored = (0..<4).flatMap(batch)
        try ledger.append(stored)
        // The first of two slices commits, then the process dies.
        _ = try ledger.environment.write { txn in
            try ledger.databases.ids.settle(txn, slice: 0..<(1 << 15), appendedFrom: .max, emptying: false)
        }
        let (settled, recent, inBoth) = try tiers(ledger)
        #expect(settled > 0 && settled < 1_200 && recent == 1_200 && inBoth == settled)

        #expect(try ledger.append(stored).duplicates == 1_200)
        #expect(try ledger.event(id: stored[1_000].id)?.sequence == 1_000)
        ledger.idSettling.recentLimit = 1_000
        try ledger.append(batch(4))
        #expect(try tiers(ledger) == (settled: 1_200, recent: 300, inBoth: 0))
    }

    /// Whether the full audit's sums over the index (both tiers) agree with `stored`'s.
    private func entriesAddUp(_ stored: [Event], in ledger: Ledger) throws -> Bool {
        try ledger.environment.read { txn in
            var references = EventReferences(index: ledger.databases.ids, hasher: ledger.indexHasher, summing: true)
            var problems = ProblemCollector()
            for (sequence, event) in stored.enumerated() {
                let audited = AuditedEvent(id: event.id, indexKey: key(of: event, in: ledger), imageBlob: nil, erasedBlob: nil, indexFacts: IndexFacts(event), ownTextFilter: nil)
                try references.check(audited, at: UInt64(sequence), txn, problems: &problems)
            }
            try references.finish(txn, logEnd: UInt64(stored.count), ledger: ledger, problems: &problems)
            return !references.needsLookups
        }
    }

    @Test func theAuditsSumsAgreeWithEitherTierAndASettlingCutShortButNotWithAChangedEntry() throws {
        let vault = try ScratchVault()
        let ledger = try vault.open()
        ledger.idSettling.recentLimit = 10_000
        let stored = (0..<4).flatMap(batch)
        try ledger.append(stored)
        #expect(try entriesAddUp(stored, in: ledger))
        _ = try ledger.environment.write { txn in
            try ledger.databases.ids.settle(txn, slice: 0..<(1 << 15), appendedFrom: .max, emptying: false)
        }
        #expect(try tiers(ledger).inBoth > 0)
        #expect(try entriesAddUp(stored, in: ledger))
        ledger.idSettling.recentLimit = 1_000
        let fifth = batch(4)
        let more = stored + fifth
        try ledger.append(fifth)
        #expect(try tiers(ledger).inBoth == 0)
        #expect(try entriesAddUp(more, in: ledger))
        // Two events' entries swap sequences: the count is unchanged, the sum is not.
        #expect(try !entriesAddUp([more[1]] + [more[0]] + more.dropFirst(2), in: ledger))
        #expect(try !entriesAddUp(Array(more.dropLast()), in: ledger))
        #expect(try ledger.audit().problems.isEmpty)
    }

    @Test func anEntryPastTheLogsEndInTheSettledTierIsNamed() throws {
        let vault = try ScratchVault()
        let ledger = try vault.open()
        let stored = batch(0)
        try ledger.append(stored)
        try ledger.environment.write { txn in
            var sequence = UInt64(5_000).bigEndian
            try withUnsafeBytes(of: &sequence) { sequence in
                try txn.put(ledger.databases.ids.settled, key: [UInt8](repeating: 0xAB, count: IDIndexHasher.outputSize), value: Array(IndexValue.bytes(sequence)))
            }
        }
        #expect(try !entriesAddUp(stored, in: ledger))
        let problems = try ledger.audit().problems.map(\.description)
        #expect(problems == ["index at sequence 5000: the dedup index has an entry for it, past the end of the log (300 records)"], "\(problems)")
    }

    /// Another process appends between two slices of a settling: its keys are not lost when
    /// the last slice empties the recent tier.
    @Test func keysAppendedBetweenSlicesAreSettledByTheLast() throws {
        let vault = try ScratchVault()
        let ledger = try vault.open()
        ledger.idSettling.recentLimit = 10_000
        try ledger.append(batch(0))
        let end = try ledger.environment.write { txn in
            try ledger.databases.ids.settle(txn, slice: 0..<(1 << 15), appendedFrom: .max, emptying: false)
        }
        let between = batch(1)
        try ledger.append(between)
        _ = try ledger.environment.write { txn in
            try ledger.databases.ids.settle(txn, slice: (1 << 15)..<(1 << 16), appendedFrom: end, emptying: true)
        }
        #expect(try tiers(ledger) == (settled: 600, recent: 0, inBoth: 0))
        #expect(try ledger.append(between).duplicates == 300)
        #expect(try between.allSatisfy { try ledger.event(id: $0.id) != nil })
    }

    /// Another process that read the filter before a settling must not miss what it settled,
    /// even when the recent tier was empty both times it looked.
    @Test func aFilterHeldElsewhereIsReadAgainAfterASettling() throws {
        let vault = try ScratchVault()
        let ledger = try vault.open()
        let elsewhere = RecentKeyMap(capacity: 16)
        func filterElsewhere() throws -> SettledKeyFilter {
            try ledger.environment.write { txn in
                try elsewhere.withCaughtUp(txn, ledger.databases.ids, storingFilter: false) { _, filter, _ in filter }
            }
        }
        let events = batch(0)
        #expect(try !filterElsewhere().mayContain(key(of: events[0], in: ledger)))
        try ledger.append(events)
        ledger.idSettling.recentLimit = 0
        try ledger.settleRecentIDsIfNeeded(adding: 1)
        #expect(try tiers(ledger) == (settled: 300, recent: 0, inBoth: 0))
        let filter = try filterElsewhere()
        #expect(events.allSatisfy { filter.mayContain(key(of: $0, in: ledger)) })
    }

    /// A command-line lookup or append, a few ids from a fresh process, passes over the recent
    /// tier instead of reading it into the map, and still finds every stored id.
    @Test func aFewEventsFromAFreshProcessAreFoundInEitherTier() throws {
        let vault = try ScratchVault()
        var ledger: Ledger? = try vault.open()
        let settled = batch(0), recent = batch(1)
        try ledger!.append(settled)
        ledger!.idSettling.recentLimit = 0
        try ledger!.settleRecentIDsIfNeeded(adding: 1)
        ledger!.idSettling.recentLimit = 10_000
        try ledger!.append(recent)
        #expect(try tiers(ledger!) == (settled: 300, recent: 300, inBoth: 0))
        ledger = nil

        let fresh = try vault.open()
        #expect(try fresh.event(id: recent[9].id)?.sequence == 309)
        #expect(try fresh.event(id: settled[7].id)?.sequence == 7)
        let outcome = try fresh.append([settled[7], recent[9], recent[9]] + batch(2).prefix(2))
        #expect(outcome.duplicates == 3)
        #expect(outcome.appended == [600, 601])
    }

    /// A lookup by id, made before the recent tier is read into memory (as a command's one
    /// lookup is), finds what the in-memory map and the settled index find: for an id in
    /// either tier, in both (a settling cut short), or in neither. It asks the settled index
    /// first and passes over `recent` newest first, stopping at the id.
    @Test func aLookupByIDFindsWhatTheMapFindsInEitherTierOrBothOrNeither() async throws {
        let vault = try ScratchVault()
        let ledger = try vault.open()
        ledger.idSettling.recentLimit = 1_000
        let stored = (0..<5).flatMap(batch)
        for number in 0..<5 { try ledger.append(Array(stored[(number * 300)..<((number + 1) * 300)])) }
        _ = try ledger.environment.write { txn in
            try ledger.databases.ids.settle(txn, slice: 0..<(1 << 15), appendedFrom: .max, emptying: false)
        }
        let (settled, recent, inBoth) = try tiers(ledger)
        #expect(settled > 900 && recent == 600 && inBoth > 0 && inBoth < 600, "\((settled, recent, inBoth))")
        let absent = batch(9)
        let index = ledger.databases.ids
        await propertyCheck(count: 60, input: Gen.int(in: 0..<(stored.count + absent.count))) { pick in
            await recordingThrownErrors {
                let event = pick < stored.count ? stored[pick] : absent[pick - stored.count]
                let key = key(of: event, in: ledger)
                let expected = pick < stored.count ? UInt64(pick) : nil
                let passing = DedupIndex(settled: index.settled, recent: index.recent, meta: index.meta)
                let mapped = DedupIndex(settled: index.settled, recent: index.recent, meta: index.meta)
                try ledger.environment.read { txn in
                    #expect(passing.recentKeys.passOverInstead() == true)
                    #expect(try passing.sequence(txn, key: key) == expected, "\(pick), passing over recent")
                    try mapped.recentKeys.withCaughtUp(txn, mapped) { _, _ in }
                    #expect(mapped.recentKeys.passOverInstead() == false)
                    #expect(try mapped.sequence(txn, key: key) == expected, "\(pick), through the map")
                }
            }
        }
    }
}
