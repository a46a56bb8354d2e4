import LedgerCore
import PropertyBased
import Testing
import TestSupport
@testable import LedgerStore

/// Issue 42: the store keeps the first event of each `SameRecord` key and skips a later one
/// under another id, in the commit's transaction; the audit checks the index, a rebuild makes
/// it again.
@Suite struct SameRecordIndexTests {
    static let base = Timestamp(micros: 1_710_025_200_000_000)
    static let records = 6

    /// Record `record` (a menstrual flow on its own day) as Apple Health (`fromAppleHealth`) or
    /// Health Auto Export stores it: each source's id is its own, the same on every send.
    static func event(_ record: Int, fromAppleHealth: Bool) -> Event {
        let id = EventID(bytes: [fromAppleHealth ? 1 : 2] + [UInt8](repeating: 0, count: 14) + [UInt8(record)])!
        let start = base.adding(seconds: Double(record) * 86_400)
        if fromAppleHealth {
            let payload = CategoryRecorded(type: "HKCategoryTypeIdentifierMenstrualFlow", value: "HKCategoryValueMenstrualFlowMedium")
            return Event(payload, id: id, start: start, end: start.adding(seconds: 86_400), utcOffset: 3600, source: Source(name: "Alex’s iPhone"))
        }
        let payload = CategoryRecorded(
            type: "HKCategoryTypeIdentifierMenstrualFlow", value: "HKCategoryValueMenstrualFlowMedium",
            metadata: ["HealthAutoExportSource": "Alex’s iPhone", "HealthAutoExportMetric": "Menstrual Flow"])
        return Event(payload, id: id, start: start, utcOffset: 3600, source: .healthAutoExport)
    }

    /// The events of each record in the log.
    static func stored(_ ledger: Ledger) throws -> [Int: Int] {
        var counts: [Int: Int] = [:]
        for stored in try ledger.allEvents() { counts[Int((stored.event.start.micros - base.micros) / 86_400_000_000), default: 0] += 1 }
        return counts
    }

    @Test("any sends from the two sources in any batches: each record stored once, the skipped counted by holder, audit clean before and after a rebuild")
    func eachRecordIsStoredOnceWhateverTheSendsAndBatches() async {
        // A send: its record (n % 6) and source (n / 6); batches of the sizes drawn, in turn.
        await propertyCheck(count: 60, input: Gen.int(in: 0...11).array(of: 1...30), Gen.int(in: 1...5).array(of: 1...6)) { sends, sizes in
            do {
                let vault = try ScratchVault()
                var storedIDs: Set<EventID> = [], holders: [Int: String] = [:], expectedHeld: [String: Int] = [:]
                var held: [String: Int] = [:]
                var next = 0, turn = 0
                while next < sends.count {
                    let batch = sends[next..<min(sends.count, next + sizes[turn % sizes.count])].map { Self.event($0 % 6, fromAppleHealth: $0 >= 6) }
                    next += batch.count
                    turn += 1
                    // An id stored, or met before in the batch, is skipped by id; a record held, by its key.
                    var inBatch: Set<EventID> = []
                    for event in batch where inBatch.insert(event.id).inserted && !storedIDs.contains(event.id) {
                        let record = Int((event.start.micros - Self.base.micros) / 86_400_000_000)
                        if let holder = holders[record] {
                            expectedHeld[holder, default: 0] += 1
                        } else {
                            holders[record] = event.source.name
                            storedIDs.insert(event.id)
                        }
                    }
                    held.merge(try vault.ledger.append(batch).heldUnderAnotherID, uniquingKeysWith: +)
                }
                let sent = Set(sends.map { $0 % 6 })
                #expect(try Self.stored(vault.ledger) == Dictionary(uniqueKeysWithValues: sent.map { ($0, 1) }), "sends \(sends), batches \(sizes)")
                #expect(held == expectedHeld, "sends \(sends), batches \(sizes)")
                #expect(try vault.ledger.audit().problems.isEmpty)
                try vault.ledger.rebuildStoreIndexes()
                #expect(try vault.ledger.audit().problems.isEmpty)
                let again = try vault.ledger.append((0..<12).map { Self.event($0 % 6, fromAppleHealth: $0 >= 6) })
                #expect(again.appended.count == Self.records - sent.count, "sends \(sends), batches \(sizes)")
            } catch {
                Issue.record("sends \(sends), batches \(sizes): \(error)")
            }
        }
    }

    @Test func entriesAPersonTypedAreNeverSkippedButHoldTheirRecord() throws {
        let vault = try ScratchVault()
        var typed = Self.event(0, fromAppleHealth: true)
        typed.id = .random()
        #expect(try vault.ledger.append([typed, Self.event(0, fromAppleHealth: true)], idsDrawnAtRandom: true).appended.count == 2)
        #expect(try vault.ledger.append([Self.event(0, fromAppleHealth: false)]).heldUnderAnotherID == ["Alex’s iPhone": 1])
        #expect(try vault.ledger.audit().problems.isEmpty)
    }

    @Test func theAuditNamesAMissingOrMisplacedEntryAndARebuildMendsIt() throws {
        let vault = try ScratchVault()
        try vault.ledger.append([Self.event(0, fromAppleHealth: false), Self.event(1, fromAppleHealth: false), Self.event(2, fromAppleHealth: true)])
        let tampering = VaultTampering(path: vault.directory)
        let entries = try tampering.entries("index.sameRecord").sorted { bigEndianValue($0.value) < bigEndianValue($1.value) }
        try #require(entries.count == 3)
        try tampering.delete("index.sameRecord", keys: [entries[0].key])
        try tampering.put("index.sameRecord", [(entries[1].key, bigEndianBytes(2))])
        try tampering.put("index.sameRecord", [([UInt8](repeating: 7, count: entries[2].key.count), bigEndianBytes(9))])
        let problems = try vault.open().audit().problems.map(\.description)
        #expect(problems == [
            "index at sequence 0: the same-record index lacks this event's record, so the same record brought by another importer under its own id would be stored again",
            "index at sequence 1: the same-record index names #2 as the first event of this event's record, which is #1",
            "index at sequence 9: the same-record index has an entry for it that no event's record accounts for",
        ], "\(problems)")
        let mended = try vault.open()
        try mended.rebuildStoreIndexes()
        #expect(try mended.audit().problems.isEmpty)
    }
}
