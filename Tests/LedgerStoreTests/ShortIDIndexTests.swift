import LedgerCore
import PropertyBased
import Testing
import TestSupport
@testable import LedgerStore

/// A short id (the first eight or more hex digits of an id) is found through the short-id
/// index as a pass over the whole log finds it, and `audit` names a tag that is wrong.
struct ShortIDIndexTests {
    /// Moods whose ids start with one of three four-byte prefixes, so short ids are shared; a
    /// choice made twice is the same event twice, stored once.
    static func moods(_ choices: [Int]) -> [Event] {
        let prefixes: [[UInt8]] = [[0x1a, 0x2b, 0x3c, 0x4d], [0x1a, 0x2b, 0x3c, 0x4e], [0xff, 0x00, 0x00, 0x01]]
        return choices.map { choice in
            // The choice itself in the id's last bytes: distinct choices, distinct ids.
            let rest = [UInt8](repeating: 0x5a, count: 4) + bigEndianBytes(UInt64(choice))
            // Cannot fail: 4 + 12 bytes
            let id = EventID(bytes: prefixes[choice % 3] + rest)!
            return Event(MoodRated(rating: Double(1 + choice % 10)), id: id, start: Timestamp(micros: 1_775_001_600_000_000 + Int64(choice) * 1_000_000), utcOffset: 0)
        }
    }

    static func scanned(_ ledger: Ledger, _ prefix: String) throws -> [UInt64] {
        try ledger.allEvents().filter { $0.event.id.description.hasPrefix(prefix) }.map(\.sequence)
    }

    @Test func aShortIDFindsWhatAPassOverTheLogFinds() async throws {
        let gen = zip(Gen.int(in: 0...99_999).array(of: 1...60), Gen.int(in: 1...7), Gen.int(in: 8...32))
        await propertyCheck(count: 40, input: gen) { choices, batch, digits in
            await recordingThrownErrors {
                try Self.appendThenFindAsAScanFinds(try ScratchVault().ledger, Self.moods(choices), batch: batch, digits: digits)
            }
        }
    }

    /// Appends `events` in commits of `batch`, then looks up shared and unique prefixes (one of
    /// `digits` digits): each finds what a pass over the log finds, and the audit is clean.
    static func appendThenFindAsAScanFinds(_ ledger: Ledger, _ events: [Event], batch: Int, digits: Int) throws {
        for first in stride(from: 0, to: events.count, by: batch) {
            try ledger.append(Array(events[first..<min(events.count, first + batch)]))
        }
        for prefix in ["1a2b3c4d", "1a2b3c4e", "ff000001", "00000000", String(events[events.count / 2].id.description.prefix(digits))] {
            let found = try ledger.events(withIDPrefix: prefix, limit: 3)
            let scanned = try scanned(ledger, prefix)
            #expect(found.count == scanned.count, "\(prefix)")
            #expect(found.matches.map(\.sequence) == Array(scanned.prefix(3)), "\(prefix)")
        }
        #expect(try ledger.audit().problems.isEmpty)
    }

    /// Commits that cross a block's end, and a rebuild in steps, give the same tags.
    @Test func tagsAcrossBlocksAreFoundAndRebuiltAlike() throws {
        let vault = try ScratchVault()
        let ledger = try vault.ledger
        let events = Self.moods(Array(0..<4_200))
        for range in [0..<2_000, 2_000..<4_100, 4_100..<4_200] { try ledger.append(Array(events[range])) }
        let tampering = VaultTampering(path: vault.directory)
        let blocks = try tampering.entries("index.shortID")
        #expect(blocks.map(\.value.count) == [4_096 * 3, 104 * 3])
        let last = events[4_150].id.description
        #expect(try ledger.events(withIDPrefix: last, limit: 10).matches.map(\.event.id) == [events[4_150].id])
        _ = try ledger.rebuildStoreIndexes()
        #expect(try tampering.entries("index.shortID").map(\.value) == blocks.map(\.value))
        #expect(try ledger.audit().problems.isEmpty)
    }

    @Test func auditNamesAWrongAMissingAndAnInventedTag() throws {
        let vault = try ScratchVault()
        try vault.ledger.append(Self.moods(Array(0..<20)))
        let tampering = VaultTampering(path: vault.directory)
        var tags = try #require(try tampering.entries("index.shortID").first).value
        tags[3 * 5] ^= 0xFF
        tags.removeLast(3)
        try tampering.put("index.shortID", [(bigEndianBytes(0), tags), (bigEndianBytes(3), [1, 2, 3])])
        let problems = try vault.open().audit().problems.map(\.description)
        #expect(problems.contains("index at sequence 5: the short-id index holds another id's tag for this event, so `show` and the other commands that take a short id would not find it"), "\(problems)")
        #expect(problems.contains("index at sequence 19: the short-id index has no tag for this event, so `show` and the other commands that take a short id would not find it"), "\(problems)")
        #expect(problems.contains("index at sequence 12288: the short-id index has a block of tags past the events the indexes cover"), "\(problems)")
        #expect(problems.count == 3, "\(problems)")
        _ = try vault.open().rebuildStoreIndexes()
        #expect(try vault.open().audit().problems.isEmpty)
    }
}
