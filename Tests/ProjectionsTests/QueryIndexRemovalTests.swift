import LedgerCore
import Testing
@testable import Projections

/// Taking an event back from the query index leaves what a fold that never saw it stores:
/// its month's rows without its fields, the series directory without its month and fields.
@Suite struct QueryIndexRemovalTests {
    /// 2026-02-02 01:30 UTC, a dose `minutes` later.
    static func dose(note: String?, minutes: Int64) -> Event {
        Event(DoseTaken(medication: "Ibuprofen", dosage: Dosage(amount: 200, unit: .mg), note: note),
              start: Timestamp(micros: 1_769_995_800_000_000 + minutes * 60_000_000), utcOffset: 3600)
    }

    @Test("taking back the only dose with a note takes the note out of its month's rows and the series' fields")
    func takingBackTheOnlyEventWithAField() throws {
        let plain = Self.dose(note: nil, minutes: 0), noted = Self.dose(note: "after lunch", minutes: 30)
        let alone = try ViewFolds.stored(QueryIndexView.self, kept: [plain])
        let undone = try ViewFolds.stored(QueryIndexView.self, kept: [plain], undone: [noted])
        #expect(undone == alone, "\(ViewFolds.differingKeys(alone, undone)) differ")
        let index = try QueryIndexState(load: { undone[$0] })
        #expect(!index.fields(of: "dose").texts.contains("note"))
        #expect(try index.rows(of: "dose").count == 1)
    }

    @Test("taking back a month's only event takes the month out; the series' last, the series")
    func takingBackTheOnlyEventOfAMonth() throws {
        let february = Self.dose(note: nil, minutes: 0), march = Self.dose(note: nil, minutes: 40 * 24 * 60)
        let alone = try ViewFolds.stored(QueryIndexView.self, kept: [february])
        let undone = try ViewFolds.stored(QueryIndexView.self, kept: [february], undone: [march])
        #expect(undone == alone, "\(ViewFolds.differingKeys(alone, undone)) differ")
        let index = try QueryIndexState(load: { undone[$0] })
        #expect(index.dayRange == 20485...20512, "February 2026 alone")
        #expect(try ViewFolds.stored(QueryIndexView.self, kept: [], undone: [february, march]).isEmpty)
    }
}
