import LedgerCore
import Testing
import TestSupport
@testable import LedgerStore

@Suite struct BulkAppenderTests {
    @Test func batchesCommitInOrderAndReadBackIdentical() throws {
        let vault = try ScratchVault()
        let ledger = try vault.open()
        let batches = (0..<5).map { heartRateEvents(count: 3_000, startingAt: Int64($0) * 1_000_000_000_000) }
        let appender = BulkAppender(ledger: ledger)
        for batch in batches { try appender.add(batch) }
        let outcome = try appender.finish()
        #expect(outcome.appended == 15_000)
        #expect(outcome.sequences == 0...14_999)
        let stored = try vault.open().allEvents()
        #expect(stored.map(\.event.id) == batches.joined().map(\.id))
        #expect(try ledger.audit().isClean)
    }

    /// Events sealed ahead at guessed sequence numbers are sealed again when the guess is
    /// wrong: here duplicates shift every later event.
    @Test func duplicatesShiftSequencesAndEverythingStillOpens() throws {
        let vault = try ScratchVault()
        let ledger = try vault.open()
        let first = heartRateEvents(count: 100)
        try ledger.append(first)
        let appender = BulkAppender(ledger: ledger)
        try appender.add(Array(first.prefix(40)) + heartRateEvents(count: 60, startingAt: 5_000_000_000_000))
        try appender.add(heartRateEvents(count: 500, startingAt: 9_000_000_000_000))
        let outcome = try appender.finish()
        #expect(outcome.duplicates == 40)
        #expect(outcome.appended == 560)
        #expect(outcome.sequences == 100...659)
        #expect(try ledger.count() == 660)
        #expect(try ledger.audit().isClean)
        #expect(try vault.open().allEvents().count == 660)
    }

    @Test func anotherWriterInBetweenIsHandled() throws {
        let vault = try ScratchVault()
        let ledger = try vault.open()
        let appender = BulkAppender(ledger: ledger)
        let other = try vault.open()
        try other.append(heartRateEvents(count: 7, startingAt: 1))
        try appender.add(heartRateEvents(count: 1_000, startingAt: 2_000_000_000_000))
        let outcome = try appender.finish()
        #expect(outcome.sequences == 7...1_006)
        #expect(try ledger.audit().isClean)
        #expect(try other.allEvents().count == 1_007)
    }

    @Test func anInvalidBatchIsRefusedAndEarlierOnesStay() throws {
        let vault = try ScratchVault()
        let ledger = try vault.open()
        let appender = BulkAppender(ledger: ledger)
        try appender.add(heartRateEvents(count: 10))
        var bad = heartRateEvents(count: 3, startingAt: 7_000_000_000_000)
        bad[2].payload["unit"] = .string("parsecs")
        #expect(throws: LedgerStoreError.self) { try appender.add(bad) }
        try appender.finish()
        #expect(try ledger.count() == 10)
    }
}
