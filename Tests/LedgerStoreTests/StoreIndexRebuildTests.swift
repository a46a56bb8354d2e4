import LedgerCore
import PropertyBased
import Testing
import TestSupport
@testable import LedgerStore

/// The store indexes rebuilt from a pass someone else drives (replay's one pass) hold exactly
/// what a rebuild of their own writes, whatever the steps, and whatever was appended or
/// rebuilt while the pass ran.
struct StoreIndexRebuildTests {
    static let databases = ["index.kind", "index.day", "index.amendments", "index.activities", "index.sameRecord", "index.shortID", "index.shortIDRuns"]

    /// Every entry of every store index, and what they say they cover. The running activities
    /// are sealed afresh each time they are written, so theirs are compared as they open.
    static func contents(_ vault: ScratchVault) throws -> [String: [[UInt8]]] {
        let tampering = VaultTampering(path: vault.directory)
        var contents: [String: [[UInt8]]] = [:]
        for name in databases where name != "index.activities" { contents[name] = try tampering.entries(name).map { $0.key + [0xFF] + $0.value } }
        contents["index.activities"] = try tampering.entries("index.activities").map(\.key)
        contents["running"] = [Array("\(try vault.ledger.runningActivities())".utf8)]
        contents["covered"] = try tampering.entries("meta").filter { $0.key == StoreIndexes.coveredKey }.map(\.value)
        return contents
    }

    /// Feeds `rebuild` the log's events from `start` while `body` says so.
    static func feed(_ rebuild: StoreIndexRebuild, _ ledger: Ledger, from start: UInt64 = 0, while body: (UInt64) -> Bool = { _ in true }) throws {
        try ledger.forEach(from: start) { stored in
            guard body(stored.sequence) else { return false }
            try rebuild.add(stored)
            return true
        }
    }

    @Test func aRebuildFedByAPassEqualsARebuildOfItsOwn() async throws {
        await propertyCheck(count: 30, input: Gen.int(in: 0...9_999).array(of: 1...80), Gen.int(in: 1...9)) { choices, step in
            await recordingThrownErrors {
                let vault = try ScratchVault()
                let ledger = try vault.ledger
                // Runs of six events, so the steps cross them.
                ledger.shortIDLayout = ShortIDLayout(eventsPerBlock: 2, blocksPerRun: 3)
                try StoreIndexTests.randomLog(ledger, choices)
                try ledger.rebuildStoreIndexes()
                let own = try Self.contents(vault)
                let rebuild = try StoreIndexRebuild(ledger: ledger, step: UInt64(step))
                try Self.feed(rebuild, ledger)
                let build = try rebuild.finish()
                #expect(build == StoreIndexBuild(indexed: try ledger.count(), from: 0))
                #expect(try Self.contents(vault) == own, "step \(step)")
                #expect(try ledger.audit().problems.isEmpty)
            }
        }
    }

    @Test func eventsAppendedDuringThePassAreIndexedAtItsEnd() async throws {
        await propertyCheck(count: 20, input: Gen.int(in: 0...9_999).array(of: 2...60), Gen.int(in: 1...5)) { choices, step in
            await recordingThrownErrors {
                let vault = try ScratchVault()
                let ledger = try vault.ledger
                let half = choices.count / 2
                try StoreIndexTests.randomLog(ledger, Array(choices.prefix(half)))
                let rebuild = try StoreIndexRebuild(ledger: ledger, step: UInt64(step))
                let passEnd = try ledger.count()
                try Self.feed(rebuild, ledger) { $0 < passEnd }
                // Appended after the pass ended, as another process might: the indexes do not
                // cover the log's end, so the append leaves them to the rebuild.
                try StoreIndexTests.randomLog(ledger, Array(choices.dropFirst(half)))
                _ = try rebuild.finish()
                let fed = try Self.contents(vault)
                try ledger.rebuildStoreIndexes()
                #expect(fed == (try Self.contents(vault)))
            }
        }
    }

    /// Another writer moves the indexes on while the pass runs: a second replay that rebuilds
    /// them all, or a command that needs them and builds what the pass has not reached yet.
    @Test(arguments: [true, false]) func aRebuildOvertakenByAnotherWriterEndsWithTheIndexesOfItsOwn(wholeRebuild: Bool) throws {
        let vault = try ScratchVault()
        let ledger = try vault.ledger
        try StoreIndexTests.randomLog(ledger, Array(stride(from: 5, to: 3_000, by: 41)))
        try ledger.rebuildStoreIndexes()
        let own = try Self.contents(vault)
        let rebuild = try StoreIndexRebuild(ledger: ledger, step: 4)
        try Self.feed(rebuild, ledger) { $0 < 10 }
        if wholeRebuild { try ledger.rebuildStoreIndexes() } else { try ledger.buildStoreIndexes() }
        try Self.feed(rebuild, ledger, from: 10)
        // The other writer left nothing to index: the end indexes nothing again.
        var stepsAtTheEnd = 0
        #expect(try rebuild.finish { _, _ in stepsAtTheEnd += 1 } == StoreIndexBuild(indexed: try ledger.count(), from: 0))
        #expect(stepsAtTheEnd == 0)
        #expect(try Self.contents(vault) == own)
        #expect(try ledger.audit().problems.isEmpty)
    }

    @Test func anEventOutOfOrderIsRefused() throws {
        let vault = try ScratchVault()
        let ledger = try vault.ledger
        try ledger.append(MoodEvents.events(count: 3, first: 0))
        let rebuild = try StoreIndexRebuild(ledger: ledger)
        let last = try #require(try ledger.event(sequence: 2))
        #expect(throws: LedgerStoreError.self) { try rebuild.add(last) }
    }
}
