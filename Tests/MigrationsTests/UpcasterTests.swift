import LedgerCore
import Migrations
import Testing

@Suite struct UpcasterTests {
    @Test func aVersion1MoodReadsAsVersion2OnItsOldScale() throws {
        let v1 = Event(kind: .moodRated, schema: 1, start: Timestamp(micros: 0), utcOffset: 0, source: .cli,
                       payload: ["rating": .int(4), "note": .string("ok")])
        let upgraded = try Upcasters.upgrade(v1)
        #expect(upgraded.schema == 2)
        let mood = try upgraded.decode(MoodRated.self)
        #expect(mood == MoodRated(rating: 4, scaleMin: 1, scaleMax: 5, note: "ok"))
        #expect(v1.payload["scaleMax"] == nil, "the original is not modified")
    }

    @Test func currentEventsPassThroughUnchanged() throws {
        let event = Event(MoodRated(rating: 7), start: Timestamp(micros: 0), utcOffset: 0)
        #expect(try Upcasters.upgrade(event) == event)
        #expect(Upcasters.currentSchema(of: .moodRated) == MoodRated.schema)
        #expect(Upcasters.currentSchema(of: .doseTaken) == DoseTaken.schema)
    }

    @Test func aSchemaFromTheFutureIsRefused() {
        let future = Event(kind: .moodRated, schema: 9, start: Timestamp(micros: 0), utcOffset: 0, source: .cli, payload: [:])
        #expect(throws: UpcastError.self) { try Upcasters.upgrade(future) }
    }

    @Test func newerVaultFormatsAreRefused() {
        #expect(throws: VaultFormatError.newer(found: VaultFormat.current + 1, supported: VaultFormat.current)) {
            try VaultFormat.check(VaultFormat.current + 1)
        }
        #expect(throws: Never.self) { try VaultFormat.check(VaultFormat.current) }
    }
}
