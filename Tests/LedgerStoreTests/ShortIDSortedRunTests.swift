import LedgerCore
import PropertyBased
import Testing
import TestSupport
@testable import LedgerStore

/// The short-id index's sorted runs, with blocks and runs of a few events: a short id finds
/// what a pass over the log finds whatever the runs, appended or rebuilt runs are the same,
/// a lookup reads a run's tags at most besides a binary search a run, and `audit` names a
/// damaged sorted entry by the sequence of its event.
struct ShortIDSortedRunTests {
    static func opened(_ vault: ScratchVault, _ layout: ShortIDLayout) throws -> Ledger {
        let ledger = try vault.open()
        ledger.shortIDLayout = layout
        return ledger
    }

    @Test func aShortIDFindsWhatAPassOverTheLogFindsAndRunsRebuildAlike() async throws {
        let gen = zip(Gen.int(in: 0...99_999).array(of: 1...80), Gen.int(in: 1...9), Gen.int(in: 1...12), Gen.int(in: 8...32))
        await propertyCheck(count: 40, input: gen) { choices, batch, shape, digits in
            await recordingThrownErrors {
                let vault = try ScratchVault()
                let layout = ShortIDLayout(eventsPerBlock: UInt64(1 + shape % 4), blocksPerRun: UInt64(1 + shape / 4))
                let ledger = try Self.opened(vault, layout)
                try ShortIDIndexTests.appendThenFindAsAScanFinds(ledger, ShortIDIndexTests.moods(choices), batch: batch, digits: digits)
                let tampering = VaultTampering(path: vault.directory)
                let appended = try tampering.entries("index.shortIDRuns")
                let size = try ledger.count()
                #expect(appended.map(\.key) == (0..<(size / layout.eventsPerRun)).map(ShortIDLayout.key))
                _ = try ledger.rebuildStoreIndexes()
                #expect(try tampering.entries("index.shortIDRuns").map(\.value) == appended.map(\.value))
                // As a build carrying on after an older version appended: from an earlier count.
                try tampering.put("meta", [(StoreIndexes.coveredKey, bigEndianBytes(size / 2))])
                let carried = try Self.opened(vault, layout)
                _ = try carried.buildStoreIndexes()
                #expect(try tampering.entries("index.shortIDRuns").map(\.value) == appended.map(\.value))
                #expect(try carried.audit().problems.isEmpty)
            }
        }
    }

    /// A lookup reads at most the tags of the run not yet full, and a binary search of each
    /// full run: not the log's tags.
    @Test func aLookupReadsARunsTagsAndABinarySearchARun() throws {
        let layout = ShortIDLayout(eventsPerBlock: 4, blocksPerRun: 4)
        let vault = try ScratchVault()
        let ledger = try Self.opened(vault, layout)
        let events = ShortIDIndexTests.moods(Array(0..<(12 * 16 + 5)))
        let probesPerRun = layout.eventsPerRun.bitWidth - layout.eventsPerRun.leadingZeroBitCount
        for end in [3 * 16 + 5, 12 * 16 + 5] {
            try ledger.append(Array(events[Int(try ledger.count())..<end]))
            let fullRuns = UInt64(end) / layout.eventsPerRun
            for prefix in ["1a2b3c4d", "00000000"] {
                let tag = ledger.storeIndexHasher.shortIDTag(startingWith: UInt32(prefix, radix: 16)!)
                let (found, read) = try ledger.withStoreIndexes { txn, _ in try ledger.sequences(withShortIDTag: tag, txn) }
                #expect(found == (try ShortIDIndexTests.scanned(ledger, prefix)), "\(prefix)")
                #expect(read <= Int(layout.eventsPerRun) + Int(fullRuns) * probesPerRun + found.count, "\(prefix) at \(end): \(read)")
            }
        }
    }

    /// Run 1 (events 8–15) of 20 moods in runs of 8, one entry damaged in one of four ways.
    @Test func auditNamesADamagedSortedEntryByItsEvent() async throws {
        let gen = zip(Gen.int(in: 0...3), Gen.int(in: 0...6))
        await propertyCheck(count: 28, input: gen) { damage, entry in
            await recordingThrownErrors {
                let layout = ShortIDLayout(eventsPerBlock: 4, blocksPerRun: 2)
                let vault = try ScratchVault()
                try Self.opened(vault, layout).append(ShortIDIndexTests.moods(Array(0..<20)))
                let tampering = VaultTampering(path: vault.directory)
                var entries = try #require(try tampering.entries("index.shortIDRuns").first { $0.key == ShortIDLayout.key(1) }).value
                let size = ShortIDLayout.entrySize
                let named = 8 + UInt64(entries[entry * size + 3]) << 16 + UInt64(entries[entry * size + 4]) << 8 + UInt64(entries[entry * size + 5])
                let detail: String
                switch damage {
                case 0:
                    entries[entry * size + 2] ^= 0x01
                    detail = "the short-id index's sorted run holds another id's tag for this event, so `show` and the other commands that take a short id would not find it"
                case 1:
                    entries.removeSubrange((entry * size)..<((entry + 1) * size))
                    detail = "the short-id index's sorted run has no entry for this event, so `show` and the other commands that take a short id would not find it"
                case 2:
                    entries.insert(contentsOf: Array(entries[(entry * size)..<((entry + 1) * size)]), at: (entry + 1) * size)
                    detail = "the short-id index's sorted run has an entry for it that no event of the run accounts for"
                default:
                    let moved = Array(entries[(entry * size)..<((entry + 1) * size)])
                    entries.removeSubrange((entry * size)..<((entry + 1) * size))
                    entries.insert(contentsOf: moved, at: (entry + 1) * size)
                    detail = "the short-id index's sorted run holds this event's entry out of order, so a short id might not find it"
                }
                try tampering.put("index.shortIDRuns", [(ShortIDLayout.key(1), entries)])
                let problems = try Self.opened(vault, layout).audit().problems
                #expect(problems.contains { $0.sequence == named && $0.lastSequence == named && $0.detail == detail }, "\(problems)")
                #expect(problems.allSatisfy { $0.sequence >= 8 && $0.lastSequence <= 15 }, "\(problems)")
                _ = try Self.opened(vault, layout).rebuildStoreIndexes()
                #expect(try Self.opened(vault, layout).audit().problems.isEmpty)
            }
        }
    }

    /// `audit --since` checks the runs that end after its checkpoint, written since; the
    /// full audit checks them all.
    @Test func anIncrementalAuditChecksTheRunsWrittenSinceItsCheckpoint() throws {
        let layout = ShortIDLayout(eventsPerBlock: 4, blocksPerRun: 2)
        let vault = try ScratchVault()
        let moods = ShortIDIndexTests.moods(Array(0..<20))
        try Self.opened(vault, layout).append(Array(moods[0..<10]))
        let checkpoint = try #require(try vault.open().latestCheckpoint())
        try Self.opened(vault, layout).append(Array(moods[10..<20]))
        let tampering = VaultTampering(path: vault.directory)
        var damaged: [(key: [UInt8], value: [UInt8])] = []
        var named: [UInt64] = []
        for (key, var entries) in try tampering.entries("index.shortIDRuns") {
            entries[2] ^= 0x01
            damaged.append((key, entries))
            named.append(bigEndianValue(key) * layout.eventsPerRun + UInt64(entries[5]))
        }
        try tampering.put("index.shortIDRuns", damaged)
        let wrongTag = "the short-id index's sorted run holds another id's tag for this event, so `show` and the other commands that take a short id would not find it"
        let since = try Self.opened(vault, layout).audit(since: checkpoint).problems
        #expect(since.filter { $0.detail == wrongTag }.map(\.sequence) == [named[1]], "\(since)")
        let full = try Self.opened(vault, layout).audit().problems
        #expect(full.filter { $0.detail == wrongTag }.map(\.sequence) == named, "\(full)")
    }

    @Test func auditNamesAMissingRunAndOnePastTheEventsCovered() throws {
        let layout = ShortIDLayout(eventsPerBlock: 4, blocksPerRun: 2)
        let vault = try ScratchVault()
        try Self.opened(vault, layout).append(ShortIDIndexTests.moods(Array(0..<20)))
        let tampering = VaultTampering(path: vault.directory)
        let run = try #require(try tampering.entries("index.shortIDRuns").first).value
        try tampering.delete("index.shortIDRuns", keys: [ShortIDLayout.key(0)])
        try tampering.put("index.shortIDRuns", [(ShortIDLayout.key(2), run)])
        let ledger = try Self.opened(vault, layout)
        let problems = try ledger.audit().problems.map { "\($0.sequence)–\($0.lastSequence): \($0.detail)" }
        #expect(problems == [
            "0–7: the short-id index has no sorted entries for this run of events, so a short id would not find them",
            "16–16: the short-id index has sorted entries of a run of events past those the indexes cover",
        ])
        #expect(throws: LedgerStoreError.self) { try ledger.events(withIDPrefix: "1a2b3c4d", limit: 1) }
    }
}
