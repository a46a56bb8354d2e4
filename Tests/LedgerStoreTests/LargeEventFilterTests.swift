import LedgerCore
import LedgerCrypto
import PropertyBased
import Testing
import TestSupport
@testable import LedgerStore

/// Large records (an ECG's thousands of numbers) have text filters of their own: a search
/// through them finds what a pass over the log finds, appends and rebuilds write the same
/// filters, and `audit` names one that is missing, extra or differs from its event's.
struct LargeEventFilterTests {
    /// Moods (`TextIndexTests.moods`, a note on one in 13) with an ECG at every `every`th sequence.
    static func log(_ count: Int, ecgEvery every: Int) -> [Event] {
        let moods = TextIndexTests.moods(0..<count, notedEvery: 13)
        return moods.indices.map { index in
            guard index % every == every - 1 else { return moods[index] }
            // Cannot fail: ids `ec…` are not the moods'
            return ElectrocardiogramEvents.events(index..<(index + 1))[0]
        }
    }

    /// The sequences of the records large enough for a filter of their own.
    static func largeRecords(_ tampering: VaultTampering) throws -> [[UInt8]] {
        try tampering.entries("log").filter { $0.value.count >= LargeEventFilters.recordBytes }.map(\.key)
    }

    @Test func aSearchAmongLargeEventsFindsWhatAPassOverTheLogFinds() async throws {
        let vault = try ScratchVault()
        let ledger = try vault.ledger
        let events = Self.log(5_000, ecgEvery: 9)
        var first = 0
        for size in [1, 2_300, 2_699] {
            try ledger.append(Array(events[first..<(first + size)]))
            first += size
        }
        let tampering = VaultTampering(path: vault.directory)
        let large = try Self.largeRecords(tampering)
        #expect(large.count == 555, "every ECG, and nothing else, is a large record")
        #expect(try tampering.entries("index.textEvents").map(\.key) == large)
        let all = try ledger.allEvents()
        let words = ElectrocardiogramEvents.symptoms + ["Sinus Rhythm", "Atrial Fibrillation", "Inconclusive", "Lead I", "classification"]
            + TextIndexTests.notes
        await propertyCheck(count: 60, input: Gen.int(in: 0..<words.count), Gen.int(in: 0...8), Gen.int(in: 1...12), Gen.bool) { word, start, length, upper in
            await recordingThrownErrors { () throws in
                let cut = String(Array(words[word]).dropFirst(start).prefix(length))
                let text = upper ? cut.uppercased() : cut
                let scanned = Array(all.filter { TextIndexTests.matches($0.event, text) }.map(\.sequence).reversed())
                #expect(try TextIndexTests.searched(ledger, text) == scanned, "\(text)")
                #expect(try TextIndexTests.searched(ledger, text, kinds: [.electrocardiogramRecorded], limit: 2)
                    == Array(all.filter { $0.event.kind == .electrocardiogramRecorded && TextIndexTests.matches($0.event, text) }.map(\.sequence).reversed().prefix(2)), "\(text)")
            }
        }
        #expect(try ledger.audit().problems.isEmpty)
    }

    /// Appends and a rebuild give a filter to exactly the records of 8 KiB or more, those a
    /// little under or over included (notes of about 13,300 letters seal to about 8 KiB): each
    /// knows a record's size its own way (as it is sealed,
    /// as it is read), the audit and a search by the record itself.
    @Test func theRecordsWithAFilterAreThoseOf8KiBOrMore() throws {
        let vault = try ScratchVault()
        let ledger = try vault.ledger
        // Letters drawn by xorshift: notes that compress about as much whatever their length.
        // Ids and times are fixed too, so each record's sealed size is the same in every run.
        var state: UInt64 = 38
        let letters = Array("abcdefghijklmnopqrstuvwxyz ")
        let notes = stride(from: 12_900, to: 13_700, by: 3).map { length in
            String((0..<length).map { _ in
                state ^= state << 13
                state ^= state >> 7
                state ^= state << 17
                return letters[Int(state % 27)]
            })
        }
        let events = notes.enumerated().map { index, note in
            // Cannot fail: 8 + 8 bytes
            Event(MoodRated(rating: 5, note: note), id: EventID(bytes: [UInt8](repeating: 0xAB, count: 8) + bigEndianBytes(UInt64(index)))!,
                  start: Timestamp(micros: 1_775_001_600_000_000 + Int64(index) * 60_000_000), utcOffset: 0)
        }
        for range in [0..<100, 100..<101, 101..<events.count] { try ledger.append(Array(events[range])) }
        let tampering = VaultTampering(path: vault.directory)
        let sizes = try tampering.entries("log").map(\.value.count)
        #expect(sizes.contains { (LargeEventFilters.recordBytes - RecordSealer.overhead)..<LargeEventFilters.recordBytes ~= $0 }, "a record just under")
        #expect(sizes.contains { LargeEventFilters.recordBytes..<(LargeEventFilters.recordBytes + RecordSealer.overhead) ~= $0 }, "a record just over")
        let appended = try tampering.entries("index.textEvents")
        #expect(appended.map(\.key) == (try Self.largeRecords(tampering)))
        _ = try ledger.rebuildStoreIndexes()
        #expect(try tampering.entries("index.textEvents").map(\.value) == appended.map(\.value))
        #expect(try ledger.audit().problems.isEmpty)
    }

    /// A filter's size grows with the event's distinct codes, in powers of two, within bounds.
    @Test func anOwnFilterIsAPowerOfTwoBytesThatGrowsWithItsCodes() async {
        await propertyCheck(count: 200, input: Gen.int(in: 0...20_000)) { codes in
            let bytes = LargeEventFilters.scope(distinctCodes: codes).bytes
            #expect(bytes & (bytes - 1) == 0 && bytes >= LargeEventFilters.smallestBytes && bytes <= LargeEventFilters.largestBytes)
            #expect(bytes * 8 >= min(codes * LargeEventFilters.bitsPerDistinctCode, LargeEventFilters.largestBytes * 8))
            #expect(LargeEventFilters.scope(storedBytes: bytes) == .event(bytes: bytes))
        }
        #expect(LargeEventFilters.scope(storedBytes: 100) == nil && LargeEventFilters.scope(storedBytes: 32) == nil)
    }

    @Test func filtersRebuiltAreTheOnesTheAppendsWrote() throws {
        let vault = try ScratchVault()
        let ledger = try vault.ledger
        let events = Self.log(600, ecgEvery: 50)
        for range in [0..<249, 249..<250, 250..<600] { try ledger.append(Array(events[range])) }
        let tampering = VaultTampering(path: vault.directory)
        let written = try tampering.entries("index.textEvents")
        #expect(written.count == 12)
        _ = try ledger.rebuildStoreIndexes()
        #expect(try tampering.entries("index.textEvents").map(\.value) == written.map(\.value))
        #expect(try ledger.audit().problems.isEmpty)
    }

    @Test func auditNamesAnOwnFilterMissingExtraOrDifferent() throws {
        let vault = try ScratchVault()
        let ledger = try vault.ledger
        try ledger.append(Self.log(100, ecgEvery: 10))
        let tampering = VaultTampering(path: vault.directory)
        let written = try tampering.entries("index.textEvents")
        let first = written[0]
        #expect(bigEndianValue(first.key) == UInt64(9))
        func problems(after change: () throws -> Void) throws -> [AuditProblem] {
            try change()
            defer {
                try? tampering.delete("index.textEvents", keys: try! tampering.entries("index.textEvents").map(\.key))
                try? tampering.put("index.textEvents", written)
            }
            return try ledger.audit().problems.filter { $0.kind == .index }
        }
        // The search for its symptom, through its filter with the symptom's bits cleared.
        let symptom = try #require(ElectrocardiogramEvents.payload(9).symptoms)
        var cleared = first.value
        for code in PayloadText.codes(ofNeedle: symptom) {
            let bit = TextFilterScope.event(bytes: cleared.count).position(ledger.storeIndexHasher.textCodeBits(code), slot: 0)
            cleared[bit >> 3] &= ~(1 << (bit & 7))
        }
        #expect(try TextIndexTests.searched(ledger, symptom).contains(9))
        let hidden = try problems {
            try tampering.put("index.textEvents", [(first.key, cleared)])
            #expect(try !TextIndexTests.searched(ledger, symptom).contains(9), "a filter that lacks the text hides its event")
        }
        #expect(hidden.count == 1 && hidden[0].sequence == 9 && hidden[0].detail.contains("lacks text"), "\(hidden)")
        let fuller = try problems { try tampering.put("index.textEvents", [(first.key, first.value.map { $0 | 0x11 })]) }
        #expect(fuller.count == 1 && fuller[0].sequence == 9 && fuller[0].detail.contains("holds text the event does not"), "\(fuller)")
        let resized = try problems { try tampering.put("index.textEvents", [(first.key, first.value + first.value)]) }
        #expect(resized.count == 1 && resized[0].detail.contains("lacks text"), "\(resized)")
        let missing = try problems { try tampering.delete("index.textEvents", keys: [first.key]) }
        #expect(missing.count == 1 && missing[0].sequence == 9 && missing[0].detail.contains("no filter of this large event"), "\(missing)")
        let onASmallEvent = try problems { try tampering.put("index.textEvents", [(bigEndianBytes(UInt64(4)), first.value)]) }
        #expect(onASmallEvent.count == 1 && onASmallEvent[0].sequence == 4 && onASmallEvent[0].detail.contains("only records of"), "\(onASmallEvent)")
        let past = try problems { try tampering.put("index.textEvents", [(bigEndianBytes(UInt64(100)), first.value)]) }
        #expect(past.count == 1 && past[0].sequence == 100 && past[0].detail.contains("past the events"), "\(past)")
        #expect(try ledger.audit().problems.isEmpty)
    }

    /// `audit --since` checks the own filters of the events after its checkpoint.
    @Test func anIncrementalAuditChecksTheOwnFiltersOfTheEventsSinceItsCheckpoint() throws {
        let vault = try ScratchVault()
        let ledger = try vault.ledger
        try ledger.append(Self.log(30, ecgEvery: 10))
        let checkpoint = try #require(try ledger.latestCheckpoint())
        try ledger.append(ElectrocardiogramEvents.events(30..<32))
        let tampering = VaultTampering(path: vault.directory)
        let written = try tampering.entries("index.textEvents")
        #expect(written.map { bigEndianValue($0.key) as UInt64 } == [9, 19, 29, 30, 31])
        try tampering.delete("index.textEvents", keys: [written[0].key, written[3].key])
        let since = try ledger.audit(since: checkpoint).problems.filter { $0.kind == .index }
        #expect(since.count == 1 && since[0].sequence == 30 && since[0].detail.contains("no filter of this large event"), "\(since)")
        #expect(try ledger.audit().problems.filter { $0.kind == .index }.map(\.sequence) == [9, 30])
    }
}
