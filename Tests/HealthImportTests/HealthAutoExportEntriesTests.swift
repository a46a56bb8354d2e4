import Foundation
import LedgerCore
import LedgerStore
import Testing
import TestSupport
@testable import HealthImport

/// Issue 42: the app's symptoms and states of mind are the ledger's `symptom.reported` and
/// `mood.rated`, stored once across re-sends; what does not map is kept or named, never dropped.
@Suite struct HealthAutoExportEntriesTests {
    /// Reads as `HealthAutoExportFileTests` does.
    let file = HealthAutoExportFileTests()

    func read(_ payload: HealthAutoExportPayload) throws -> (events: [Event], summary: ImportSummary) { try file.read(payload) }

    static func symptom(_ name: String, _ severity: String?, start: String = "2024-03-10 09:00:00 +0100", end: String? = "2024-03-10 11:30:00 +0100") -> Document {
        var entry: Document = ["start": .string(start), "name": .string(name), "userEntered": .bool(true), "source": .string("Alex’s iPhone")]
        entry.set("end", end.map(DocValue.string))
        entry.set("severity", severity.map(DocValue.string))
        return entry
    }

    static func stateOfMind(id: String? = "550E8400-E29B-41D4-A716-446655440000", valence: Double, kind: String = "momentaryEmotion") -> Document {
        var entry: Document = [
            "start": .string("2024-03-10 14:00:00 +0100"), "end": .string("2024-03-10 14:00:00 +0100"), "kind": .string(kind),
            "labels": .array([.string("Calm"), .string("Focused")]), "associations": .array([.string("Work")]),
            "valence": .double(valence), "valenceClassification": .int(5),
        ]
        entry.set("id", id.map(DocValue.string))
        return entry
    }

    @Test("a symptom is symptom.reported: its name, severity on the ledger's 0–3 scale, start, end and offset; the app or device as the source's device")
    func symptomsAreSymptomReports() throws {
        var payload = HealthAutoExportPayload()
        payload.arrays = [("symptoms", [Self.symptom("Headache", "Moderate"), Self.symptom("Coughing", "Not Present", start: "2024-03-10 12:00:00 +0100", end: nil)])]
        let (events, summary) = try read(payload)
        #expect(events.map(\.kind) == [.symptomReported, .symptomReported])
        let headache = try events[0].decode(SymptomReported.self)
        #expect(headache.name == "Headache" && headache.severity == .moderate)
        #expect(events[0].start == Fixtures.instant("2024-03-10T08:00:00Z") && events[0].end == Fixtures.instant("2024-03-10T10:30:00Z"))
        #expect(events[0].utcOffset == 3600)
        #expect(events[0].source == Source(name: "Health Auto Export", device: "Alex’s iPhone"))
        #expect(try events[1].decode(SymptomReported.self).severity == .absent && events[1].end == nil)
        #expect(summary.notes.isEmpty)
        #expect(HealthAutoExportDelivery.app(of: events[0]) == "Alex’s iPhone")
    }

    @Test("a symptom whose severity the ledger's scale does not name (Unspecified, none) is kept whole and noted as unmapped")
    func unnamedSeveritiesAreKept() throws {
        var payload = HealthAutoExportPayload()
        payload.arrays = [("symptoms", [Self.symptom("Fatigue", "Unspecified"), Self.symptom("Nausea", nil)])]
        let (events, summary) = try read(payload)
        #expect(events.map(\.kind) == [.exportElementRecorded, .exportElementRecorded])
        let kept = try events[0].decode(ExportElementRecorded.self)
        #expect(kept.element == "HealthAutoExport.symptom" && kept.attributes["name"] == "Fatigue" && kept.attributes["severity"] == "Unspecified")
        #expect(summary.notes.keys.sorted() == [
            "symptom severity '' is not one the ledger's scale names (Not Present, Mild, Moderate, Severe): kept whole as exportElement.recorded (unmapped)",
            "symptom severity 'Unspecified' is not one the ledger's scale names (Not Present, Mild, Moderate, Severe): kept whole as exportElement.recorded (unmapped)",
        ])
    }

    @Test("a state of mind is mood.rated: its valence on HealthKit's −1…1 scale, labels and associations as tags, its kind in the note")
    func statesOfMindAreMoods() throws {
        var payload = HealthAutoExportPayload()
        payload.arrays = [("stateOfMind", [Self.stateOfMind(valence: 0.7)])]
        let (events, _) = try read(payload)
        #expect(events.map(\.kind) == [.moodRated])
        let mood = try events[0].decode(MoodRated.self)
        #expect(mood.rating == 0.7 && mood.scaleMin == -1 && mood.scaleMax == 1)
        #expect(mood.tags == ["Calm", "Focused", "Work"])
        #expect(mood.note == "momentary emotion (Health's state of mind)")
        #expect(events[0].start == Fixtures.instant("2024-03-10T13:00:00Z") && events[0].utcOffset == 3600)
    }

    @Test("ids stand for the entry, never its values: HealthKit's id for a state of mind; name, start and source for a symptom")
    func idsStandForTheEntry() throws {
        func id(_ entry: Document, in array: String) throws -> EventID {
            var payload = HealthAutoExportPayload()
            payload.arrays = [(array, [entry])]
            return try #require(try read(payload).events.first).id
        }
        #expect(try id(Self.symptom("Headache", "Mild"), in: "symptoms") == id(Self.symptom("Headache", "Severe", end: "2024-03-10 13:00:00 +0100"), in: "symptoms"))
        #expect(try id(Self.symptom("Headache", "Mild"), in: "symptoms") != id(Self.symptom("Headache", "Mild", start: "2024-03-10 09:05:00 +0100"), in: "symptoms"))
        #expect(try id(Self.stateOfMind(valence: 0.2), in: "stateOfMind") == id(Self.stateOfMind(valence: -0.4), in: "stateOfMind"))
        #expect(try id(Self.stateOfMind(valence: 0.2), in: "stateOfMind") != id(Self.stateOfMind(id: "6F1D0000-0000-4000-8000-000000000001", valence: 0.2), in: "stateOfMind"))
    }

    @Test("a bad entry is refused naming its field", arguments: [
        ("symptoms", symptom("", "Mild"), "data.symptoms[0].name"),
        ("symptoms", symptom("Headache", "Mild", start: "2024-03-10 09:00:00"), "data.symptoms[0].start"),
        ("symptoms", symptom("Headache", "Mild", end: "2024-03-10 08:00:00 +0100"), "data.symptoms[0].end"),
        ("stateOfMind", stateOfMind(valence: 1.5), "data.stateOfMind[0].valence"),
    ])
    func badEntriesAreRefused(array: String, entry: Document, field: String) {
        var payload = HealthAutoExportPayload()
        payload.arrays = [(array, [entry])]
        let refused = file.refusal(payload.json)
        #expect(refused.contains(field), "\(refused)")
    }

    @Test("imported twice, a window of symptoms and moods stores nothing the second time; a changed severity is a correction")
    func resentEntriesStoreOnce() throws {
        let vault = try ScratchVault()
        var first = HealthAutoExportPayload()
        first.arrays = [("symptoms", [Self.symptom("Headache", "Mild")]), ("stateOfMind", [Self.stateOfMind(valence: 0.7)])]
        var later = first
        later.arrays[0].1 = [Self.symptom("Headache", "Severe")]
        let summaries = try HealthAutoExportDailyTests.importing([first, first, later], into: vault)
        #expect(summaries.map(\.appended) == [2, 0, 1])
        let symptoms = try vault.ledger.currentEvents(ofKinds: [.symptomReported])
        #expect(try symptoms.map { try $0.event.decode(SymptomReported.self).severity } == [.severe])
        #expect(try vault.ledger.currentEvents(ofKinds: [.moodRated]).count == 1)
    }
}
