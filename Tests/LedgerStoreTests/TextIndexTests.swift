import LedgerCore
import PropertyBased
import Testing
import TestSupport
@testable import LedgerStore

/// A text search (`log --text`) through the text index finds what a pass over the whole log
/// finds, reads only the blocks whose filter may hold the text, and `audit` names a filter
/// that differs from the one its events make.
struct TextIndexTests {
    static let notes = ["Headache after the run", "migraine again", "Caf\u{E9} au lait", "slept badly", "walk in the park", "20 \u{212A} outside"]

    /// Moods, one in `every` with a note: the ids are the index, so a choice is one event.
    static func moods(_ range: Range<Int>, notedEvery every: Int = 97) -> [Event] {
        range.map { index in
            let note = index % every == 0 ? notes[(index / every) % notes.count] + " #\(index)" : nil
            // Cannot fail: 8 + 8 bytes
            return Event(MoodRated(rating: Double(1 + index % 10), note: note), id: EventID(bytes: [UInt8](repeating: 0, count: 8) + bigEndianBytes(UInt64(index + 1)))!,
                         start: Timestamp(micros: 1_775_001_600_000_000 + Int64(index) * 60_000_000), utcOffset: 3_600)
        }
    }

    static func matches(_ event: Event, _ text: String) -> Bool {
        JSONWriter.string(event.payload).lowercased().contains(text.lowercased())
    }

    /// The sequences a search through the index finds, newest first, up to `limit`.
    static func searched(_ ledger: Ledger, _ text: String, kinds: Set<EventKind> = [], limit: Int = .max) throws -> [UInt64] {
        try search(ledger, text, kinds: kinds, limit: limit).found
    }

    /// What a search finds, and how many events it read to find it.
    static func search(_ ledger: Ledger, _ text: String, kinds: Set<EventKind> = [], limit: Int = .max) throws -> (found: [UInt64], read: Int) {
        var found: [UInt64] = []
        var read = 0
        try ledger.newestFirst(kinds: kinds, current: false, containing: text) { stored, _ in
            read += 1
            if matches(stored.event, text) { found.append(stored.sequence) }
            return found.count < limit
        }
        return (found, read)
    }

    @Test func aSearchFindsWhatAPassOverTheLogFinds() async throws {
        let vault = try ScratchVault()
        let ledger = try vault.ledger
        let events = Self.moods(0..<9_300)
        var first = 0
        // Commits of uneven sizes, so blocks end inside commits.
        for size in [1, 3_000, 1_500, 2_000, 7, 2_792] {
            try ledger.append(Array(events[first..<(first + size)]))
            first += size
        }
        let all = try ledger.allEvents()
        let texts = Gen.int(in: 0..<all.count).map { index in JSONWriter.string(all[index].event.payload) }
        await propertyCheck(count: 60, input: texts, Gen.int(in: 0...40), Gen.int(in: 1...14), Gen.bool) { json, start, length, upper in
            await recordingThrownErrors { () throws in
                let characters = Array(json)
                let from = min(start, characters.count)
                var text = String(characters[from..<min(characters.count, from + length)])
                if upper { text = text.uppercased() }
                let scanned = all.filter { Self.matches($0.event, text) }.map(\.sequence).reversed()
                #expect(try Self.searched(ledger, text) == Array(scanned), "\(text)")
                #expect(try Self.searched(ledger, text, kinds: [.moodRated], limit: 3) == Array(scanned.prefix(3)), "\(text)")
            }
        }
        for text in ["zebra crossing", "CAF\u{C9}", "cafe\u{301}", "20 k", "ab", "migraine again #"] {
            let scanned = all.filter { Self.matches($0.event, text) }.map(\.sequence).reversed()
            #expect(try Self.searched(ledger, text) == Array(scanned), "\(text)")
        }
        #expect(try ledger.audit().problems.isEmpty)
    }

    @Test func aSearchWithFewMatchesReadsOnlyTheBlocksThatMayHoldThem() throws {
        let vault = try ScratchVault()
        let ledger = try vault.ledger
        // No notes but one, in the second block.
        var events = Self.moods(0..<12_000, notedEvery: 1_000_000)
        events[5_000] = Event(MoodRated(rating: 3, note: "Zebra crossing"), id: events[5_000].id, start: events[5_000].start, utcOffset: 3_600)
        try ledger.append(events)
        let zebra = try Self.search(ledger, "zebra", limit: 5)
        #expect(zebra.found == [5_000])
        #expect(zebra.read <= Int(TextBlooms.eventsPerBlock), "\(zebra.read)")
        let giraffe = try Self.search(ledger, "giraffe", limit: 5)
        #expect(giraffe.found.isEmpty && giraffe.read == 0, "\(giraffe.read)")
        // A text with no trigram (two characters) is looked for in every event.
        #expect(try Self.search(ledger, "ze", limit: 5).read == 12_000)
    }

    @Test func filtersRebuiltOrCarriedOnAreTheOnesTheAppendsWrote() throws {
        let vault = try ScratchVault()
        let ledger = try vault.ledger
        let events = Self.moods(0..<4_300, notedEvery: 13)
        for range in [0..<2_000, 2_000..<4_200, 4_200..<4_300] { try ledger.append(Array(events[range])) }
        let tampering = VaultTampering(path: vault.directory)
        let written = try tampering.entries("index.text")
        #expect(written.map { Array($0.value.prefix(TextBlooms.countBytes)) } == [TextBlooms.countPrefix(4_096), TextBlooms.countPrefix(204)])
        _ = try ledger.rebuildStoreIndexes()
        #expect(try tampering.entries("index.text").map(\.value) == written.map(\.value))
        // A filter that holds fewer events than the indexes cover is made again from the log
        // by the next build, rather than added to: it would lack those events' trigrams.
        try tampering.put("meta", [(StoreIndexes.coveredKey, bigEndianBytes(4_150))])
        try tampering.put("index.text", [(written[1].key, TextBlooms.countPrefix(10) + TextFilter().bits)])
        let reopened = try vault.open()
        _ = try reopened.buildStoreIndexes()
        #expect(try tampering.entries("index.text").map(\.value) == written.map(\.value))
        #expect(try reopened.audit().problems.isEmpty)
    }

    @Test func auditNamesAFilterThatDiffersFromItsEvents() throws {
        let vault = try ScratchVault()
        let ledger = try vault.ledger
        try ledger.append(Self.moods(0..<4_200, notedEvery: 7))
        let tampering = VaultTampering(path: vault.directory)
        let written = try tampering.entries("index.text")
        let first = written[0], second = written[1]
        func damaged(_ change: (inout [UInt8]) -> Void, in entry: (key: [UInt8], value: [UInt8]) = first) throws -> [AuditProblem] {
            var value = entry.value
            change(&value)
            try tampering.put("index.text", [(entry.key, value)])
            defer { try? tampering.put("index.text", [entry]) }
            return try ledger.audit().problems.filter { $0.kind == .index }
        }
        // A bit cleared: a filter that would hide an event.
        let setBit = try #require(first.value.indices.dropFirst(TextBlooms.countBytes).first { first.value[$0] != 0 })
        let hidden = try damaged { $0[setBit] = 0 }
        #expect(hidden.count == 1 && hidden[0].sequence == 0 && hidden[0].detail.contains("lacks trigrams"), "\(hidden)")
        let clearBit = try #require(first.value.indices.dropFirst(TextBlooms.countBytes).first { first.value[$0] != 0xFF })
        let extra = try damaged { $0[clearBit] = 0xFF }
        #expect(extra.count == 1 && extra[0].detail.contains("holds trigrams no event"), "\(extra)")
        let miscounted = try damaged({ $0.replaceSubrange(0..<TextBlooms.countBytes, with: TextBlooms.countPrefix(50)) }, in: second)
        #expect(miscounted.count == 1 && miscounted[0].sequence == 4_096 && miscounted[0].detail.contains("says it holds 50"), "\(miscounted)")
        let cut = try damaged { $0.removeLast(1) }
        #expect(cut.count == 1 && cut[0].detail.contains("no filter"), "\(cut)")
        try tampering.put("index.text", [(TextBlooms.key(7), first.value)])
        let past = try ledger.audit().problems.filter { $0.kind == .index }
        #expect(past.count == 1 && past[0].sequence == 7 * TextBlooms.eventsPerBlock && past[0].detail.contains("past the events"), "\(past)")
    }
}
