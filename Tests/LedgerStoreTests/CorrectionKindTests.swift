import LedgerCore
import PropertyBased
import Testing
import TestSupport
@testable import LedgerStore

/// A correction carries the whole payload of its target's kind. One that does not was stored,
/// and then every view folding its target failed ("food.logged: name is required") on every
/// later read, with nothing to take it back.
@Suite struct CorrectionKindTests {
    static let payloads: [any EventPayload] = [
        MoodRated(rating: 4), FoodLogged(name: "Oats", kcal: 300),
        SampleRecorded(type: "HKQuantityTypeIdentifierStepCount", value: 10, unit: "count"),
    ]

    /// Through each way events are stored: an append, slices of one append, a bulk append.
    static func store(_ events: [Event], in ledger: Ledger, by path: Int) throws {
        switch path {
        case 0:
            try ledger.append(events)
        case 1:
            let sliced = SlicedAppend(ledger)
            try sliced.add(events)
            try sliced.commit()
        default:
            let bulk = BulkAppender(ledger: ledger)
            do {
                try bulk.add(events)
            } catch {
                _ = try? bulk.finish()
                throw error
            }
            try bulk.finish()
        }
    }

    @Test func aCorrectionIsStoredOnlyWithAPayloadOfItsTargetsKind() async throws {
        let vault = try ScratchVault()
        let ledger = try vault.open()
        let picks = Gen.int(in: 0...(Self.payloads.count - 1))
        await propertyCheck(count: 40, input: picks, picks, Gen.bool, Gen.int(in: 0...2)) { targetPick, replacementPick, sameBatch, path in
            await recordingThrownErrors {
                let target = Event(Self.payloads[targetPick], start: Timestamp(micros: 1_775_001_600_000_000), utcOffset: 0)
                let correction = Event(EventCorrected(target: target.id, replacement: Self.payloads[replacementPick]), start: target.start, utcOffset: 0)
                if !sameBatch { try ledger.append([target]) }
                let batch = sameBatch ? [target, correction] : [correction]
                let before = try ledger.count()
                if targetPick == replacementPick {
                    try Self.store(batch, in: ledger, by: path)
                    #expect(try ledger.count() == before + UInt64(batch.count))
                } else {
                    let error = #expect(throws: LedgerStoreError.self) { try Self.store(batch, in: ledger, by: path) }
                    #expect(error?.refusedEvent?.index == batch.count - 1)
                    #expect(error?.description.contains("is not a payload of \(target.kind.rawValue), the kind of its target \(target.id)") == true,
                            "\(String(describing: error))")
                    #expect(try ledger.count() == before, "nothing of the batch is stored")
                }
            }
        }
        #expect(try ledger.audit().isClean)
    }
}
