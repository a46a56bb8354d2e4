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

    static func matches(_ event: Event, _ text: String) -> Bool { matches(event, IndexedSearch(text: text)) }

    /// As `log` matches: the text in the payload, the source's name in any case.
    static func matches(_ event: Event, _ search: IndexedSearch) -> Bool {
        if let text = search.text, !JSONWriter.string(event.payload).lowercased().contains(text.lowercased()) { return false }
        if let source = search.source, !SourceName.matches(event.source.name, key: SourceName.key(source)) { return false }
        return true
    }

    /// The sequences a search through the index finds, newest first, up to `limit`.
    static func searched(_ ledger: Ledger, _ text: String, kinds: Set<EventKind> = [], limit: Int = .max) throws -> [UInt64] {
        try search(ledger, IndexedSearch(text: text), kinds: kinds, limit: limit).found
    }

    static func searched(_ ledger: Ledger, _ search: IndexedSearch, kinds: Set<EventKind> = [], limit: Int = .max) throws -> [UInt64] {
        try Self.search(ledger, search, kinds: kinds, limit: limit).found
    }

    static func search(_ ledger: Ledger, _ text: String, limit: Int = .max) throws -> (found: [UInt64], read: Int) {
        try search(ledger, IndexedSearch(text: text), limit: limit)
    }

    /// What a search finds, and how many events it read to find it.
    static func search(_ ledger: Ledger, _ search: IndexedSearch, kinds: Set<EventKind> = [], limit: Int = .max) throws -> (found: [UInt64], read: Int) {
        var found: [UInt64] = []
        var read = 0
        try ledger.newestFirst(kinds: kinds, current: false, matching: search) { stored, _ in
            read += 1
            if matches(stored.event, search) { found.append(stored.sequence) }
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
        for text in ["zebra crossing", "CAF\u{C9}", "cafe\u{301}", "20 k", "ab", "migraine again #", "#", "\u{212A}", "k", "%", "9", "e"] {
            let scanned = all.filter { Self.matches($0.event, text) }.map(\.sequence).reversed()
            #expect(try Self.searched(ledger, text) == Array(scanned), "\(text)")
        }
        #expect(try ledger.audit().problems.isEmpty)
    }

    /// Names of sources, some the same source in another case or form.
    static let sourceNames = ["Tom\u{2019}s Apple Watch", "iPhone", "Stra\u{DF}e Scale", "STRASSE SCALE", "Caf\u{E9} Scale", "Cafe\u{301} scale", "\u{212A}itchen"]

    /// Moods from the sources above, in runs of uneven length.
    static func fromSources(_ range: Range<Int>) -> [Event] {
        moods(range).map { mood in
            var event = mood
            let index = Int(bigEndianValue(event.id.withUnsafeBytes { Array($0[8...]) }))
            event.source = Source(name: sourceNames[(index / 37 + index / 1_000) % sourceNames.count])
            return event
        }
    }

    /// `log --source` through the filters finds what comparing every event's source finds,
    /// with a text and a kind too; a source no event has reads nothing.
    @Test func aSourceSearchFindsWhatAPassOverTheLogFinds() async throws {
        let vault = try ScratchVault()
        let ledger = try vault.ledger
        var events = Self.fromSources(0..<9_000)
        events[6_000].source = Source(name: "Withings")
        for range in [0..<2_500, 2_500..<8_000, 8_000..<9_000] { try ledger.append(Array(events[range])) }
        let all = try ledger.allEvents()
        let asked = Self.sourceNames + ["tom\u{2019}s apple watch", "IPHONE", "strasse scale", "CAF\u{C9} SCALE", "kitchen", "withings", "Nobody", "Tom's Apple Watch"]
        await propertyCheck(count: 40, input: Gen.int(in: 0..<asked.count), Gen.int(in: 0..<Self.notes.count), Gen.bool, Gen.int(in: 1...6)) { source, note, withText, limit in
            await recordingThrownErrors { () throws in
                let search = IndexedSearch(text: withText ? String(Self.notes[note].prefix(6)) : nil, source: asked[source])
                let scanned = Array(all.filter { Self.matches($0.event, search) }.map(\.sequence).reversed())
                #expect(try Self.searched(ledger, search) == scanned, "\(search)")
                #expect(try Self.searched(ledger, search, kinds: [.moodRated], limit: limit) == Array(scanned.prefix(limit)), "\(search)")
            }
        }
        let withings = try Self.search(ledger, IndexedSearch(source: "WITHINGS"))
        #expect(withings.found == [6_000] && withings.read == 1, "\(withings.read)")
        #expect(try Self.search(ledger, IndexedSearch(source: "Nobody")).read == 0)
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
        // Its block is opened, but only the event that holds the text's grams is decoded and handed over.
        #expect(zebra.read == 1, "\(zebra.read)")
        let giraffe = try Self.search(ledger, "giraffe", limit: 5)
        #expect(giraffe.found.isEmpty && giraffe.read == 0, "\(giraffe.read)")
        // A text of two characters, or one, is looked up by the pair or the character.
        let pair = try Self.search(ledger, "ZE", limit: 5)
        #expect(pair.found == [5_000] && pair.read == 1, "\(pair.read)")
        #expect(try Self.search(ledger, "%", limit: 5).read == 0)
        // Digits alone could be a number's, which holds no gram: looked for in every event.
        #expect(try Self.search(ledger, "1234", limit: 5).read == 12_000)
    }

    @Test func filtersRebuiltOrCarriedOnAreTheOnesTheAppendsWrote() throws {
        let vault = try ScratchVault()
        let ledger = try vault.ledger
        let events = Self.moods(0..<4_300, notedEvery: 13)
        for range in [0..<2_000, 2_000..<4_200, 4_200..<4_300] { try ledger.append(Array(events[range])) }
        let tampering = VaultTampering(path: vault.directory)
        let written = try tampering.entries("index.text")
        let runs = try tampering.entries("index.textRuns")
        #expect(written.map { Array($0.value.prefix(TextBlooms.countBytes)) } == [TextBlooms.countPrefix(4_096), TextBlooms.countPrefix(204)])
        #expect(runs.map { Array($0.value.prefix(TextBlooms.countBytes)) } == [TextBlooms.countPrefix(4_300)])
        _ = try ledger.rebuildStoreIndexes()
        #expect(try tampering.entries("index.text").map(\.value) == written.map(\.value))
        #expect(try tampering.entries("index.textRuns").map(\.value) == runs.map(\.value))
        // A filter that holds fewer events than the indexes cover is made again from the log
        // by the next build, rather than added to: it would lack those events' grams.
        try tampering.put("meta", [(StoreIndexes.coveredKey, bigEndianBytes(4_150))])
        try tampering.put("index.text", [(written[1].key, TextBlooms.countPrefix(10) + TextFilter(.block).bits)])
        let reopened = try vault.open()
        _ = try reopened.buildStoreIndexes()
        #expect(try tampering.entries("index.text").map(\.value) == written.map(\.value))
        #expect(try tampering.entries("index.textRuns").map(\.value) == runs.map(\.value))
        #expect(try reopened.audit().problems.isEmpty)
    }

    /// Runs of blocks (two here, 8,192 events) have filters of their own, which a search looks
    /// at first: a run that cannot hold the text is skipped without its blocks' filters.
    @Test func runsWhoseFilterLacksTheTextAreSkippedAndAuditedAsBlocksAre() async throws {
        let vault = try ScratchVault()
        let ledger = try vault.open()
        ledger.textRunBlocks = 2
        var events = Self.moods(0..<20_000, notedEvery: 997)
        events[9_000] = Event(MoodRated(rating: 3, note: "Zebra crossing"), id: events[9_000].id, start: events[9_000].start, utcOffset: 3_600)
        for range in [0..<5_000, 5_000..<12_000, 12_000..<20_000] { try ledger.append(Array(events[range])) }
        let all = try ledger.allEvents()
        for text in ["zebra", "migraine again", "walk in the park #", "giraffe", "HEADACHE"] {
            let scanned = all.filter { Self.matches($0.event, text) }.map(\.sequence).reversed()
            #expect(try Self.searched(ledger, text) == Array(scanned), "\(text)")
        }
        // Only the block of the second run that holds the note is read.
        let zebra = try Self.search(ledger, "zebra crossing", limit: 5)
        #expect(zebra.found == [9_000] && zebra.read <= Int(TextBlooms.eventsPerBlock), "\(zebra)")
        var forward: [UInt64] = []
        #expect(try ledger.forEach(matching: IndexedSearch(text: "zebra"), current: false) { stored, _ in
            if Self.matches(stored.event, "zebra") { forward.append(stored.sequence) }
            return true
        })
        #expect(forward == [9_000])
        #expect(try ledger.audit().problems.isEmpty)

        let tampering = VaultTampering(path: vault.directory)
        let runs = try tampering.entries("index.textRuns")
        #expect(runs.map { Array($0.value.prefix(TextBlooms.countBytes)) } == [8_192, 8_192, 3_616].map { TextBlooms.countPrefix($0) })
        var cleared = runs[1].value
        for code in PayloadText.codes(ofNeedle: "zebra crossing") {
            let bit = TextFilterScope.run.position(ledger.storeIndexHasher.textCodeBits(code), slot: 0)
            cleared[TextBlooms.countBytes + bit >> 3] &= ~(1 << (bit & 7))
        }
        try tampering.put("index.textRuns", [(runs[1].key, cleared)])
        #expect(try Self.searched(ledger, "zebra crossing").isEmpty)
        let problems = try ledger.audit().problems.filter { $0.kind == .index }
        #expect(problems.count == 1 && problems[0].sequence == 8_192 && problems[0].detail.contains("lacks text"), "\(problems)")
        _ = try ledger.rebuildStoreIndexes()
        #expect(try tampering.entries("index.textRuns").map(\.value) == runs.map(\.value))
    }

    /// `audit --since` checks that the filter of the block its checkpoint cut holds every
    /// code of the events after it, and the later blocks' filters bit for bit.
    @Test func anIncrementalAuditChecksTheFiltersOfTheEventsSinceItsCheckpoint() throws {
        let vault = try ScratchVault()
        let ledger = try vault.ledger
        try ledger.append(Self.moods(0..<100, notedEvery: 1_000))
        let checkpoint = try #require(try ledger.latestCheckpoint())
        var later = Self.moods(100..<4_200, notedEvery: 1_000)
        later[0] = Event(MoodRated(rating: 2, note: "Zebra crossing"), id: later[0].id, start: later[0].start, utcOffset: 3_600)
        try ledger.append(later)
        let tampering = VaultTampering(path: vault.directory)
        let first = try #require(try tampering.entries("index.text").first)
        // Clear the bits only the new note's grams set: the filter would hide it.
        var cleared = first.value
        let hasher = ledger.storeIndexHasher
        for code in PayloadText.codes(ofNeedle: "zebra crossing") {
            let bit = TextFilterScope.block.position(hasher.textCodeBits(code), slot: 0)
            cleared[TextBlooms.countBytes + bit >> 3] &= ~(1 << (bit & 7))
        }
        try tampering.put("index.text", [(first.key, cleared)])
        let since = try ledger.audit(since: checkpoint).problems.filter { $0.kind == .index }
        #expect(since.count == 1 && since[0].sequence == 100 && since[0].detail.contains("lacks text"), "\(since)")
        #expect(try ledger.audit().problems.contains { $0.kind == .index && $0.sequence == 0 })
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
        #expect(hidden.count == 1 && hidden[0].sequence == 0 && hidden[0].detail.contains("lacks text"), "\(hidden)")
        let clearBit = try #require(first.value.indices.dropFirst(TextBlooms.countBytes).first { first.value[$0] != 0xFF })
        let extra = try damaged { $0[clearBit] = 0xFF }
        #expect(extra.count == 1 && extra[0].detail.contains("holds text no event"), "\(extra)")
        let miscounted = try damaged({ $0.replaceSubrange(0..<TextBlooms.countBytes, with: TextBlooms.countPrefix(50)) }, in: second)
        #expect(miscounted.count == 1 && miscounted[0].sequence == 4_096 && miscounted[0].detail.contains("says it holds 50"), "\(miscounted)")
        let cut = try damaged { $0.removeLast(1) }
        #expect(cut.count == 1 && cut[0].detail.contains("no filter"), "\(cut)")
        try tampering.put("index.text", [(TextBlooms.key(7), first.value)])
        let past = try ledger.audit().problems.filter { $0.kind == .index }
        #expect(past.count == 1 && past[0].sequence == 7 * TextBlooms.eventsPerBlock && past[0].detail.contains("past the events"), "\(past)")
    }
}
