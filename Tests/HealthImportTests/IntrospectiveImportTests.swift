import Foundation
import LedgerCore
import LedgerCrypto
import Testing
@testable import HealthImport

/// Each of Introspective's importers on a sample file in its format (Fixtures/introspective/README.md).
@Suite struct IntrospectiveImportTests {
    let clock = LocalClock(zone: Fixtures.paris)
    let identity = ImportIdentity(key: .random(32))

    func read(_ source: CSVFileImport) throws -> (events: [Event], summary: ImportSummary) {
        var summary = ImportSummary()
        let events = try source.units().flatMap { try source.events(of: $0, summary: &summary, ledger: nil) }
        for event in events { try EventValidator.validate(event) }
        return (events, summary)
    }

    func payloads<P: EventPayload>(_ type: P.Type, _ events: [Event]) throws -> [P] {
        try events.filter { $0.kind == P.kind }.map { try $0.decode(P.self) }
    }

    @Test func aTrackerTasksBecomeActivities() throws {
        let (events, summary) = try read(ATrackerFormat.file(Fixtures.path("introspective/atracker.csv"), clock: clock, identity: identity))
        #expect(try payloads(ActivityDefined.self, events) == [
            ActivityDefined(name: "Reading", description: "Books, not screens", tags: ["Hobbies"]), ActivityDefined(name: "Socializing"),
        ])
        let starts = events.filter { $0.kind == .activityStarted }
        #expect(starts.map(\.start) == ["2024-01-15T21:30:00+01:00", "2024-01-20T18:00:00+01:00", "2024-01-21T21:00:00+01:00"].map(Fixtures.instant))
        #expect(try payloads(ActivityStarted.self, events).map(\.note) == ["a chapter, then sleep", nil, "still reading"])
        let stops = events.filter { $0.kind == .activityStopped }
        #expect(stops.map(\.start) == ["2024-01-15T22:42:00+01:00", "2024-01-20T20:30:00+01:00"].map(Fixtures.instant))
        #expect(try payloads(ActivityStopped.self, stops).map(\.startedBy) == [starts[0].id, starts[1].id])
        #expect(summary.readByType == ["activity.defined": 2, "activity.started": 3, "activity.stopped": 2])
    }

    @Test func easyPillDosesKeepCommasInNames() throws {
        let (events, _) = try read(EasyPillFormat.file(Fixtures.path("introspective/easypill-doses.csv"), clock: clock, identity: identity))
        #expect(try payloads(DoseTaken.self, events).map(\.medication) == ["Ibuprofen", "Vitamin D", "Paracetamol, extra strength"])
        #expect(events.map(\.start) == ["2024-01-15T17:12:00+01:00", "2024-01-16T08:05:00+01:00", "2024-01-16T21:40:00+01:00"].map(Fixtures.instant))
        #expect(events.allSatisfy { $0.source.name == "EasyPill" })
    }

    @Test func easyPillMedicationsAlignFromTheRight() throws {
        let (events, _) = try read(EasyPillFormat.file(Fixtures.path("introspective/easypill-medications.csv"), clock: clock, identity: identity))
        #expect(try payloads(MedicationDefined.self, events) == [
            MedicationDefined(name: "Vitamin D", startedOn: "2023-10-01", frequency: "daily", defaultDosage: Dosage(amount: 1000, unit: .IU), notes: "winter, with breakfast"),
            MedicationDefined(name: "Ibuprofen", startedOn: "2024-01-10", frequency: "every 2,5 hours", defaultDosage: Dosage(amount: 200, unit: .mg)),
        ])
    }

    @Test func wellnessMoodsStayOnTheirScale() throws {
        let (events, _) = try read(WellnessFormat.file(Fixtures.path("introspective/wellness.csv"), clock: clock, identity: identity))
        #expect(try payloads(MoodRated.self, events) == [
            MoodRated(rating: 5, scaleMin: 1, scaleMax: 7, note: "Tired after work"),
            MoodRated(rating: 6, scaleMin: 1, scaleMax: 7, note: "Better after reading,\nand tea"),
            MoodRated(rating: 3, scaleMin: 1, scaleMax: 7),
        ])
        #expect(events.map(\.start) == ["2024-01-15T17:18:00+01:00", "2024-01-15T21:05:00+01:00", "2024-01-16T09:40:00+01:00"].map(Fixtures.instant))
    }

    @Test func introspectiveMoods() throws {
        let (events, summary) = try read(IntrospectiveFormat.file(Fixtures.path("introspective/introspective-moods.csv"), identity: identity))
        #expect(try payloads(MoodRated.self, events) == [MoodRated(rating: 6, scaleMin: 0, scaleMax: 10, note: "Tired, but fine"), MoodRated(rating: 2.5, scaleMin: 0, scaleMax: 10)])
        #expect(events.map(\.start) == ["2024-01-15T17:18:00+01:00", "2024-01-16T09:40:30+01:00"].map(Fixtures.instant))
        #expect(events.map(\.utcOffset) == [3600, 3600])
        #expect(summary.readBySource == ["Introspective": 1, "Wellness": 1])
    }

    @Test func introspectiveDosesWithTheirMedication() throws {
        let (events, _) = try read(IntrospectiveFormat.file(Fixtures.path("introspective/introspective-doses.csv"), identity: identity))
        #expect(try payloads(MedicationDefined.self, events) == [
            MedicationDefined(name: "Ibuprofen", startedOn: "2024-01-10", defaultDosage: Dosage(amount: 200, unit: .mg), notes: "for headaches"),
        ])
        #expect(try payloads(DoseTaken.self, events) == [DoseTaken(medication: "Ibuprofen", dosage: Dosage(amount: 400, unit: .mg)), DoseTaken(medication: "Ibuprofen")])
        #expect(events.filter { $0.kind == .doseTaken }.map(\.start) == ["2024-01-15T17:12:00+01:00", "2024-01-16T21:00:00+01:00"].map(Fixtures.instant))
    }

    @Test func introspectiveActivities() throws {
        let (events, _) = try read(IntrospectiveFormat.file(Fixtures.path("introspective/introspective-activities.csv"), identity: identity))
        #expect(try payloads(ActivityDefined.self, events) == [ActivityDefined(name: "Running", description: "Easy runs", tags: ["outdoors", "cardio"])])
        #expect(try payloads(ActivityStarted.self, events) == [ActivityStarted(name: "Running", note: "5 km", tags: ["outdoors", "cardio", "morning"]), ActivityStarted(name: "Running", tags: ["outdoors", "cardio"])])
        #expect(events.filter { $0.kind == .activityStopped }.map(\.start) == [Fixtures.instant("2024-01-20T08:45:00+01:00")])
    }

    @Test func exportsReadBackAsTheSameEvents() throws {
        for name in ["introspective-moods.csv", "introspective-doses.csv", "introspective-activities.csv"] {
            let (events, _) = try read(IntrospectiveFormat.file(Fixtures.path("introspective/" + name), identity: identity))
            let text = name.contains("moods") ? IntrospectiveExport.moods(events)
                : name.contains("doses") ? IntrospectiveExport.medications(events) : IntrospectiveExport.activities(events)
            let copy = FileManager.default.temporaryDirectory.appendingPathComponent("hl-\(UUID().uuidString)-\(name)").path
            try text.write(toFile: copy, atomically: true, encoding: .utf8)
            defer { try? FileManager.default.removeItem(atPath: copy) }
            let (again, _) = try read(IntrospectiveFormat.file(copy, identity: identity))
            #expect(again.map(\.payload) == events.map(\.payload), "\(name)")
            #expect(again.map(\.start) == events.map(\.start), "\(name)")
            #expect(again.map(\.id) == events.map(\.id), "\(name)")
        }
    }

    @Test func aWrongFileIsNamedWithItsLine() throws {
        let error = try #require(throws: ImportError.self) {
            try read(WellnessFormat.file(Fixtures.path("introspective/atracker.csv"), clock: clock, identity: identity))
        }
        #expect(error.isMalformed)
        #expect(error.description.contains("line 1") && error.description.contains("not a Wellness file"))
        #expect(throws: ImportError.self) { try read(IntrospectiveFormat.file(Fixtures.path("introspective/missing.csv"), identity: identity)) }
    }
}
