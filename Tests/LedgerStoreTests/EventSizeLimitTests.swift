import Foundation
import LedgerCore
import PropertyBased
import Testing
import TestSupport
@testable import LedgerStore

/// One limit, shared by the writer and the reader: whatever an append stores, every read
/// opens. Before, the writer stored events the reader refused ("implausible size"), and
/// every later read of the log failed.
@Suite struct EventSizeLimitTests {
    /// A mood whose note takes about `size` bytes, in one of a few shapes: one-byte and
    /// three-byte UTF-8 text compress differently and count differently in characters.
    static func mood(noteBytes size: Int, shape: Int) -> Event {
        let note = shape == 0 ? String(repeating: "x", count: size) : String(repeating: "€", count: size / 3)
        return Event(
            kind: .moodRated, schema: PayloadCatalog.currentSchema(of: .moodRated), start: Timestamp(micros: 1_775_023_200_000_000),
            utcOffset: 7_200, source: .cli, payload: ["rating": .int(5), "scaleMin": .int(1), "scaleMax": .int(10), "note": .string(note)])
    }

    @Test func anythingTheWriterAcceptsTheReaderOpens() async throws {
        let vault = try ScratchVault()
        let ledger = try vault.open()
        var outcomes = (accepted: 0, refused: 0)
        // Notes from a few kilobytes under the limit to a few over: the envelope's own
        // bytes put the edge somewhere in between.
        await propertyCheck(count: 10, input: Gen.int(in: -3_000...3_000), Gen.int(in: 0...1)) { margin, shape in
            await recordingThrownErrors {
                let event = Self.mood(noteBytes: EventLimits.maximumEncodedSize + margin, shape: shape)
                let before = try ledger.count()
                do {
                    _ = try ledger.append([event])
                } catch let error as LedgerStoreError where error.refusedEvent != nil {
                    #expect(error.refusedEvent!.error.description.contains("is larger than the 64 MiB an event may take"))
                    #expect(try ledger.count() == before, "nothing stored")
                    outcomes.refused += 1
                    return
                }
                outcomes.accepted += 1
                let stored = try #require(try ledger.event(sequence: before))
                #expect(stored.event.payload == event.payload)
            }
        }
        #expect(try ledger.allEvents().count == outcomes.accepted, "the whole log reads")
        #expect(outcomes.accepted > 0 && outcomes.refused > 0, "both sides of the limit were tried: \(outcomes)")
    }
}
