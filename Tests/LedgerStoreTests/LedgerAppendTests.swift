import Foundation
import LedgerCore
import LedgerCrypto
import Testing
import TestSupport
@testable import LedgerStore

@Suite struct LedgerAppendTests {
    @Test func appendedEventsReadBackIdenticalWithTheirCommitTime() throws {
        let vault = try ScratchVault()
        let ledger = try vault.open()
        let events = heartRateEvents(count: 50)
        let committed = Timestamp(micros: 1_800_000_000_000_000)
        let outcome = try ledger.append(events, recordedAt: committed)
        #expect(outcome.appended == Array(0..<50))
        let stored = try ledger.allEvents()
        #expect(stored.map(\.sequence) == Array(0..<50))
        for (original, read) in zip(events, stored) {
            var expected = original
            expected.recordedAt = committed
            #expect(read.event == expected)
        }
    }

    @Test func theSameIDAppendedTwiceIsStoredOnce() throws {
        let vault = try ScratchVault()
        let ledger = try vault.open()
        let events = heartRateEvents(count: 10)
        try ledger.append(events)
        let again = try ledger.append(events + heartRateEvents(count: 1, startingAt: 0))
        #expect(again.duplicates == 10)
        #expect(again.appended == [10])
        #expect(try ledger.count() == 11)
        let inOneBatch = try ledger.append([events[0], events[0]])
        #expect(inOneBatch.duplicates == 2)
    }

    @Test func findsEventsByIDAndSequence() throws {
        let vault = try ScratchVault()
        let ledger = try vault.open()
        let events = heartRateEvents(count: 20)
        try ledger.append(events)
        #expect(try ledger.event(id: events[7].id)?.sequence == 7)
        #expect(try ledger.event(id: .random()) == nil)
        #expect(try ledger.event(sequence: 19)?.event.id == events[19].id)
        #expect(try ledger.event(sequence: 20) == nil)
    }

    @Test func aDictionaryIsTrainedOnTheVaultsOwnEventsAndOldRecordsStillRead() throws {
        let vault = try ScratchVault()
        let ledger = try vault.open()
        try ledger.append(heartRateEvents(count: 300))
        try ledger.append(heartRateEvents(count: 2_000, startingAt: 1_800_000_000_000_000))
        let reopened = try vault.open()
        let all = try reopened.allEvents()
        #expect(all.count == 2_300)
        let sizes = try reopened.environment.read { txn in
            (try txn.get(reopened.databases.log, key: bigEndianBytes(10))!.count, try txn.get(reopened.databases.log, key: bigEndianBytes(2_000))!.count)
        }
        #expect(sizes.1 < sizes.0, "records sealed after training should be smaller (\(sizes))")
    }

    /// A bulk import keeps batches compressed ahead of their commit; when the vault trains a
    /// new dictionary in between, those batches are stored with the one they were made with.
    @Test func aBatchCompressedBeforeARetrainingIsStoredAsMadeAndReadsBack() throws {
        let vault = try ScratchVault()
        let ledger = try vault.open()
        try ledger.append(heartRateEvents(count: 2_000))
        let early = try #require(ledger.shelf.current)
        let waiting = heartRateEvents(count: 500, startingAt: 1_900_000_000_000_000)
        // Sealed ahead at the sequence it would have had, which the appends below take.
        let batch = try ledger.preparer.prepare(waiting, expectedFirst: 2_000)
        try ledger.append(heartRateEvents(count: 30_000, startingAt: 1_800_000_000_000_000))
        let retrained = try #require(ledger.shelf.current)
        try #require(retrained > early, "the appends should have trained a second dictionary")

        let assigned = try ledger.commit([batch], recordedAt: .now()).sequences
        #expect(assigned == [(32_000..<32_500).map { Optional(UInt64($0)) }])
        let later = heartRateEvents(count: 10, startingAt: 2_000_000_000_000_000)
        try ledger.append(later)
        let reopened = try vault.open()
        let stored = try reopened.allEvents()
        #expect(stored.count == 32_510)
        #expect(stored[32_000..<32_500].map(\.event.id) == waiting.map(\.id))
        #expect(stored.suffix(10).map(\.event.id) == later.map(\.id))
        #expect(try reopened.audit().isClean)
        #expect(try reopened.compressionCodec(at: 32_000) == early + 1, "stored with the dictionary it was made with")
        #expect(try reopened.compressionCodec(at: 32_500) == retrained + 1)
    }

    @Test func theMapGrowsWhenFullAndNothingIsLost() throws {
        let vault = try ScratchVault(mapSize: 256 * 1024)
        let ledger = try vault.open()
        for batch in 0..<5 {
            try ledger.append(heartRateEvents(count: 2_000, startingAt: Int64(batch) * 1_000_000_000_000))
        }
        #expect(try ledger.count() == 10_000)
        #expect(try ledger.audit().isClean)
    }

    @Test func anEndBeforeItsStartIsRejectedAndNothingIsStored() throws {
        let vault = try ScratchVault()
        let ledger = try vault.open()
        var bad = heartRateEvents(count: 2)
        bad[1].end = Timestamp(micros: bad[1].start.micros - 1)
        #expect(throws: LedgerStoreError.self) { try ledger.append(bad) }
        #expect(try ledger.count() == 0)
    }

    @Test func theSignedCheckpointCoversTheWholeLog() throws {
        let vault = try ScratchVault()
        let ledger = try vault.open()
        try ledger.append(heartRateEvents(count: 33))
        let checkpoint = try #require(try ledger.latestCheckpoint())
        #expect(checkpoint.size == 33)
        let note = try #require(try ledger.checkpointNote())
        #expect(try ledger.parseCheckpoint(note: note) == checkpoint)
        let forged = note.replacingOccurrences(of: "\n33\n", with: "\n34\n")
        #expect(throws: CheckpointError.self) { try ledger.parseCheckpoint(note: forged) }
    }
}

@Suite struct LedgerMigrationTests {
    @Test func aStoredVersion1PayloadIsReadAsVersion2AndItsBytesStayUntouched() throws {
        let vault = try ScratchVault()
        let ledger = try vault.open()
        let v1 = Event(kind: .moodRated, schema: 1, start: Timestamp(micros: 1_000_000), utcOffset: 0, source: .cli, payload: ["rating": .int(3)])
        try ledger.append([v1])
        let before = try ledger.environment.read { try $0.get(ledger.databases.log, key: bigEndianBytes(0)) }
        let read = try #require(try ledger.event(sequence: 0)).event
        #expect(read.schema == 2)
        #expect(try read.decode(MoodRated.self) == MoodRated(rating: 3, scaleMin: 1, scaleMax: 5))
        try ledger.append(heartRateEvents(count: 5))
        let after = try ledger.environment.read { try $0.get(ledger.databases.log, key: bigEndianBytes(0)) }
        #expect(before == after)
    }

    @Test func aVersion1PayloadThatIsInvalidEvenUpcastIsRejected() throws {
        let vault = try ScratchVault()
        let ledger = try vault.open()
        let bad = Event(kind: .moodRated, schema: 1, start: Timestamp(micros: 0), utcOffset: 0, source: .cli, payload: ["rating": .int(9)])
        #expect(throws: LedgerStoreError.self) { try ledger.append([bad]) }
    }
}

extension Ledger {
    /// The first byte of the record's plaintext: 0 stored, 1 zstd, 2… zstd with dictionary `codec − 1`.
    fileprivate func compressionCodec(at sequence: UInt64) throws -> UInt8? {
        try environment.read { txn in
            var codec: UInt8?
            try scanRecords(txn, from: sequence) { _, record, batch in
                codec = try self.codec.sealer.open(record, sequence: sequence, batch: self.codec.sealer.batchKey(batch.noncePrefix)).first
                return false
            }
            return codec
        }
    }
}
