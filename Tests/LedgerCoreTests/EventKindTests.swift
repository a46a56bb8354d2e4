import Testing
@testable import LedgerCore

@Suite("Event kinds")
struct EventKindTests {
    /// Codes are written into sealed records, so this table only ever grows.
    static let codes: [(String, UInt8)] = [
        ("sample.recorded", 1), ("category.recorded", 2), ("correlation.recorded", 3), ("workout.recorded", 4),
        ("activitySummary.recorded", 5), ("profile.recorded", 6), ("heartbeats.recorded", 7), ("ecg.recorded", 8),
        ("mood.rated", 9), ("fatigue.rated", 10), ("symptom.reported", 11), ("food.logged", 12), ("medication.defined", 13),
        ("dose.taken", 14), ("activity.defined", 15), ("activity.started", 16), ("activity.stopped", 17), ("face.captured", 18),
        ("vital.measured", 19), ("setting.changed", 20), ("event.corrected", 21), ("event.retracted", 22), ("subject.erased", 23),
        ("clinical.recorded", 24), ("audiogram.recorded", 25), ("visionPrescription.recorded", 26), ("exportElement.recorded", 27),
        ("friendSteps.shared", 28), ("ingestToken.added", 29), ("ingestToken.revoked", 30), ("delivery.received", 31),
    ]

    @Test("every kind keeps its one-byte code, and each code reads back as its kind")
    func stableCodes() throws {
        #expect(EventKind.allCases.count == Self.codes.count)
        for (name, code) in Self.codes {
            let kind = try #require(EventKind(rawValue: name), "\(name) is not a kind")
            #expect(kind.code == code, "\(name)")
            #expect(EventKind(code: code) == kind)
        }
        #expect(EventKind(code: 32) == nil)
    }
}

extension EventKindTests {
    /// Kinds are dictionary keys on every whole-log walk, hashed by their code.
    @Test("kinds are equal and hash alike exactly when they are the same kind")
    func equalityAndHashing() {
        let byKind = Dictionary(uniqueKeysWithValues: EventKind.allCases.map { ($0, $0.rawValue) })
        #expect(byKind.count == EventKind.allCases.count)
        for kind in EventKind.allCases {
            #expect(byKind[kind] == kind.rawValue)
            #expect(EventKind.allCases.filter { $0 == kind } == [kind])
        }
    }
}
