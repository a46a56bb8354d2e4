import Foundation
import LedgerCore
import LedgerStore
import PropertyBased
import Testing
import TestSupport
@testable import HealthImport

/// Issue 42: the app's medications (Health's dose events) are doses when taken, and kept whole,
/// never counted as doses, otherwise; stored once across re-sends. Payloads are written from
/// the app's published format (its JSON format page): no public project publishes a real one.
@Suite struct HealthAutoExportMedicationsTests {
    /// Reads as `HealthAutoExportFileTests` does.
    let file = HealthAutoExportFileTests()

    func read(_ entries: [Document]) throws -> (events: [Event], summary: ImportSummary) {
        var payload = HealthAutoExportPayload()
        payload.arrays = [("medications", entries)]
        return try file.read(payload)
    }

    static func medication(
        _ status: String?, name: String = "Aspirin 81 mg Oral Tablet", nickname: String? = nil, form: String = "Tablet", dosage: Double? = 1,
        start: String = "2024-03-10 08:12:00 +0100", scheduled: String? = "2024-03-10 08:00:00 +0100"
    ) -> Document {
        var entry: Document = [
            "displayText": .string(name), "start": .string(start), "end": .string(start), "form": .string(form), "isArchived": .bool(false),
            "codings": .array([.map(["system": .string("http://www.nlm.nih.gov/research/umls/rxnorm"), "code": .string("243670")])]),
        ]
        entry.set("nickname", nickname.map(DocValue.string))
        entry.set("status", status.map(DocValue.string))
        entry.set("scheduledDate", scheduled.map(DocValue.string))
        entry.set("dosage", dosage.map(DocValue.double))
        return entry
    }

    @Test("a taken medication is dose.taken at the time it was taken: its dosage a count of its form, the scheduled time and RxNorm code in the note")
    func takenIsADose() throws {
        let (events, summary) = try read([Self.medication("Taken", dosage: 2)])
        #expect(events.map(\.kind) == [.doseTaken])
        let dose = try events[0].decode(DoseTaken.self)
        #expect(dose.medication == "Aspirin 81 mg Oral Tablet")
        #expect(dose.dosage == Dosage(amount: 2, unit: .tablets))
        #expect(dose.note == "scheduled 2024-03-10 08:00:00 +0100; RxNorm 243670")
        #expect(events[0].start == Fixtures.instant("2024-03-10T07:12:00Z") && events[0].end == nil && events[0].utcOffset == 3600)
        #expect(events[0].source == Source(name: "Health Auto Export"))
        #expect(summary.notes.isEmpty)
    }

    @Test("a nickname names the dose, Health's own name goes in the note; an as-needed dose taken at its scheduled time says no schedule")
    func nicknameNamesTheDose() throws {
        let (events, _) = try read([Self.medication("taken", nickname: "Morning pill", start: "2024-03-10 08:00:00 +0100")])
        let dose = try events[0].decode(DoseTaken.self)
        #expect(dose.medication == "Morning pill")
        #expect(dose.note == "Health's name: Aspirin 81 mg Oral Tablet; RxNorm 243670")
    }

    @Test("a form whose amount has no dose unit leaves the dose without a dosage, its amount in the note; none sent is a dose without one", arguments: [
        ("Liquid", 5.0, "amount 5 (Liquid), in no unit the app sends"),
        ("Capsule", 1.0, nil),
        ("Drops", 3.0, nil),
    ])
    func formsWithoutAUnit(form: String, amount: Double, said: String?) throws {
        let (events, summary) = try read([Self.medication("Taken", form: form, dosage: amount, scheduled: nil)])
        let dose = try events[0].decode(DoseTaken.self)
        if let said {
            #expect(dose.dosage == nil && dose.note == "\(said); RxNorm 243670")
            #expect(summary.notes.keys.contains { $0.contains("(\(form)): stored without a dosage, its amount in the note") }, "\(summary.notes)")
        } else {
            #expect(dose.dosage?.amount == amount && dose.dosage?.unit == HealthAutoExportFile.countedForms[form.lowercased()])
        }
        let (none, noneSummary) = try read([Self.medication("Taken", dosage: nil)])
        #expect(try none[0].decode(DoseTaken.self).dosage == nil)
        #expect(noneSummary.notes.keys.sorted() == ["a medication taken without a dosage: stored as a dose without one"])
    }

    @Test("every status but Taken is kept whole as exportElement.recorded, never a dose, and noted by status", arguments: [
        "Skipped", "Snoozed", "Not Interacted", "Notification Not Sent", "Not Logged", "Unspecified", "Something new",
    ])
    func otherStatusesAreKept(status: String) throws {
        let (events, summary) = try read([Self.medication(status), Self.medication(status, start: "2024-03-10 20:00:00 +0100", scheduled: "2024-03-10 20:00:00 +0100")])
        #expect(events.map(\.kind) == [.exportElementRecorded, .exportElementRecorded])
        let kept = try events[0].decode(ExportElementRecorded.self)
        #expect(kept.element == "HealthAutoExport.medication")
        #expect(kept.attributes["status"] == status && kept.attributes["displayText"] == "Aspirin 81 mg Oral Tablet" && kept.attributes["dosage"] == "1.0")
        #expect(kept.children.map { $0.attributes["code"] } == ["243670"])
        #expect(summary.notes == ["a medication entry with status '\(status)': not a dose taken, kept whole as exportElement.recorded (unmapped)": 2])
    }

    @Test("whatever its status, form and amount, an entry is one event, and a dose exactly when it was taken; its id never depends on its amount")
    func oneEventPerEntryAndADoseOnlyWhenTaken() async {
        let statuses = HealthAutoExportFile.medicationStatuses + ["taken", "TAKEN", "skipped", ""]
        let forms = ["Tablet", "Capsule", "Drops", "Liquid", "Inhaler", "Cream", "Unknown"]
        await propertyCheck(
            count: 80, input: Gen.int(in: 0..<statuses.count).array(of: 1...12), Gen.int(in: 0..<forms.count), Gen.int(in: 1...40), Gen.bool()
        ) { picks, formIndex, quarters, scheduled in
            let chosen = picks.map { statuses[$0] }, form = forms[formIndex]
            let entries = chosen.enumerated().map { index, status in
                Self.medication(status, form: form, dosage: Double(quarters) / 4, start: "2024-03-10 \(10 + index):00:00 +0100",
                                scheduled: scheduled ? "2024-03-10 \(10 + index):00:00 +0100" : nil)
            }
            let (events, _) = try read(entries)
            #expect(events.count == entries.count)
            #expect(events.map { $0.kind == .doseTaken } == chosen.map { $0.lowercased() == "taken" })
            let more = chosen.enumerated().map { index, status in
                Self.medication(status, form: form, dosage: Double(quarters + 1) / 4, start: "2024-03-10 \(10 + index):00:00 +0100",
                                scheduled: scheduled ? "2024-03-10 \(10 + index):00:00 +0100" : nil)
            }
            #expect(try read(more).events.map(\.id) == events.map(\.id))
        }
    }

    @Test("ids stand for the dose's slot: its medication and scheduled time (or when an as-needed one was logged), never its amount or a non-dose status")
    func idsStandForTheSlot() throws {
        func id(_ entry: Document) throws -> EventID { try #require(try read([entry]).events.first).id }
        #expect(try id(Self.medication("Taken", dosage: 1)) == id(Self.medication("Taken", dosage: 2)))
        // Taken at 08:12 or 08:30, it is the dose of the 08:00 slot.
        #expect(try id(Self.medication("Taken")) == id(Self.medication("Taken", start: "2024-03-10 08:30:00 +0100")))
        #expect(try id(Self.medication("Taken")) != id(Self.medication("Taken", scheduled: "2024-03-10 20:00:00 +0100")))
        #expect(try id(Self.medication("Taken", scheduled: nil)) != id(Self.medication("Taken", start: "2024-03-10 09:00:00 +0100", scheduled: nil)))
        #expect(try id(Self.medication("Snoozed")) == id(Self.medication("Skipped")))
        #expect(try id(Self.medication("Snoozed")) != id(Self.medication("Taken")))
        #expect(try id(Self.medication("Taken")) != id(Self.medication("Taken", name: "Metformin 500 mg Oral Tablet")))
    }

    @Test("a bad medication entry is refused naming its field", arguments: [
        (medication("Taken", name: ""), "data.medications[0].displayText"),
        (medication(nil), "data.medications[0].status"),
        (medication("Taken", start: "2024-03-10 08:12:00"), "data.medications[0].start"),
        (medication("Taken", scheduled: "tomorrow"), "data.medications[0].scheduledDate"),
        (medication("Taken", dosage: 0), "data.medications[0].dosage"),
        (medication("Skipped").with("dosage", .string("two")), "data.medications[0].dosage"),
        (medication("Taken").with("end", .string("2024-03-10 07:00:00 +0100")), "data.medications[0].end"),
        (medication("Taken").with("codings", .array([.map(["system": .string("RxNorm")])])), "data.medications[0].codings[0]"),
    ])
    func badEntriesAreRefused(entry: Document, field: String) {
        var payload = HealthAutoExportPayload()
        payload.arrays = [("medications", [entry])]
        let refused = file.refusal(payload.json)
        #expect(refused.contains(field), "\(refused)")
    }

    @Test("imported again, a week of medications stores nothing; a changed amount or a skipped dose marked snoozed is a correction; taken after snoozed adds the dose")
    func resentMedicationsStoreOnce() throws {
        let vault = try ScratchVault()
        var first = HealthAutoExportPayload()
        first.arrays = [("medications", [Self.medication("Taken"), Self.medication("Skipped", scheduled: "2024-03-10 20:00:00 +0100")])]
        var later = first
        later.arrays[0].1 = [Self.medication("Taken", dosage: 2), Self.medication("Snoozed", scheduled: "2024-03-10 20:00:00 +0100")]
        var last = later
        last.arrays[0].1.append(Self.medication("Taken", start: "2024-03-10 20:40:00 +0100", scheduled: "2024-03-10 20:00:00 +0100"))
        let summaries = try HealthAutoExportDailyTests.importing([first, first, later, last], into: vault)
        #expect(summaries.map(\.appended) == [2, 0, 2, 1])
        let doses = try vault.ledger.currentEvents(ofKinds: [.doseTaken])
        #expect(try doses.map { try $0.event.decode(DoseTaken.self).dosage } == [Dosage(amount: 2, unit: .tablets), Dosage(amount: 1, unit: .tablets)])
        let kept = try vault.ledger.currentEvents(ofKinds: [.exportElementRecorded])
        #expect(try kept.map { try $0.event.decode(ExportElementRecorded.self).attributes["status"] } == ["Snoozed"])
    }

    @Test("medications are read as doses; an array still not read is kept whole beside them")
    func medicationsAreNoLongerNotImported() throws {
        var payload = HealthAutoExportPayload()
        payload.arrays = [("medications", [Self.medication("Taken")]), ("heartRateNotifications", [["start": .string("2024-03-10 09:00:00 +0100")]])]
        let (events, summary) = try file.read(payload)
        #expect(events.map(\.kind) == [.doseTaken, .exportElementRecorded])
        #expect(summary.notes.keys.sorted() == [HealthAutoExportFile.unreadArrayNote("heartRateNotifications")])
    }
}

extension Document {
    /// The document with `name` set to `value`, for a table of bad entries.
    fileprivate func with(_ name: String, _ value: DocValue) -> Document {
        var document = self
        document[name] = value
        return document
    }
}
