import Foundation
import LedgerCore
import LedgerStore
import PropertyBased
import Testing
import TestSupport
@testable import HealthImport

/// Issue 42: the app's cycle tracking (`data.cycleTracking`) is the HealthKit category samples an
/// Apple Health export holds for it, valued as that export writes them; what the table does not
/// know is kept whole. The app's documentation names the array but does not spell its entries
/// out and no public project publishes one: these are written in the layout of its other
/// entries (`symptoms`), with the values Health shows.
@Suite struct HealthAutoExportCycleTrackingTests {
    let file = HealthAutoExportFileTests()

    func read(_ entries: [Document]) throws -> (events: [Event], summary: ImportSummary) {
        var payload = HealthAutoExportPayload()
        payload.arrays = [("cycleTracking", entries)]
        return try file.read(payload)
    }

    static func entry(
        _ name: String, _ value: String?, start: String = "2024-03-10 00:00:00 +0100", end: String? = "2024-03-11 00:00:00 +0100",
        source: String? = "Alex’s iPhone", _ extra: [(String, DocValue)] = []
    ) -> Document {
        var entry: Document = ["name": .string(name), "start": .string(start)]
        entry.set("end", end.map(DocValue.string))
        entry.set("value", value.map(DocValue.string))
        entry.set("source", source.map(DocValue.string))
        for (field, value) in extra { entry[field] = value }
        return entry
    }

    @Test("each category is the HealthKit type the Apple Health import stores, with the value as the export writes it", arguments: [
        ("Menstrual Flow", "Medium", "HKCategoryTypeIdentifierMenstrualFlow", "HKCategoryValueMenstrualFlowMedium"),
        ("menstrual_flow", "No Flow", "HKCategoryTypeIdentifierMenstrualFlow", "HKCategoryValueMenstrualFlowNone"),
        ("Spotting", nil, "HKCategoryTypeIdentifierIntermenstrualBleeding", "HKCategoryValueNotApplicable"),
        ("Ovulation Test Result", "Positive", "HKCategoryTypeIdentifierOvulationTestResult", "HKCategoryValueOvulationTestResultLuteinizingHormoneSurge"),
        ("Ovulation Test Result", "Estrogen Surge", "HKCategoryTypeIdentifierOvulationTestResult", "HKCategoryValueOvulationTestResultEstrogenSurge"),
        ("Cervical Mucus Quality", "Egg White", "HKCategoryTypeIdentifierCervicalMucusQuality", "HKCategoryValueCervicalMucusQualityEggWhite"),
        ("Sexual Activity", "Unspecified", "HKCategoryTypeIdentifierSexualActivity", "HKCategoryValueNotApplicable"),
        ("Contraceptives", "Intrauterine Device", "HKCategoryTypeIdentifierContraceptive", "HKCategoryValueContraceptiveIntrauterineDevice"),
        ("Pregnancy", nil, "HKCategoryTypeIdentifierPregnancy", "HKCategoryValueNotApplicable"),
        ("Lactation", "Not Applicable", "HKCategoryTypeIdentifierLactation", "HKCategoryValueNotApplicable"),
        ("Pregnancy Test Result", "Negative", "HKCategoryTypeIdentifierPregnancyTestResult", "HKCategoryValuePregnancyTestResultNegative"),
        ("Progesterone Test Result", "Indeterminate", "HKCategoryTypeIdentifierProgesteroneTestResult", "HKCategoryValueProgesteroneTestResultIndeterminate"),
        ("Bleeding After Pregnancy", "Light", "HKCategoryTypeIdentifierBleedingAfterPregnancy", "HKCategoryValueVaginalBleedingLight"),
        ("Prolonged Menstrual Periods", nil, "HKCategoryTypeIdentifierProlongedMenstrualPeriods", "HKCategoryValueNotApplicable"),
    ] as [(String, String?, String, String)])
    func categoriesMapToHealthKit(name: String, value: String?, type: String, exported: String) throws {
        let (events, summary) = try read([Self.entry(name, value)])
        #expect(events.map(\.kind) == [.categoryRecorded])
        let sample = try events[0].decode(CategoryRecorded.self)
        #expect(sample.type == type && sample.value == exported)
        #expect(sample.metadata["HealthAutoExportMetric"] == name && sample.metadata["HealthAutoExportSource"] == "Alex’s iPhone")
        #expect(events[0].start == Fixtures.instant("2024-03-09T23:00:00Z") && events[0].end == Fixtures.instant("2024-03-10T23:00:00Z"))
        #expect(events[0].utcOffset == 3600 && events[0].source == .healthAutoExport)
        #expect(summary.notes.isEmpty, "\(summary.notes)")
    }

    @Test("a period's first day and protection used are the metadata the export writes for them; other scalars, and those flags elsewhere, stay as metadata")
    func flagsAreMetadata() throws {
        let (events, _) = try read([
            Self.entry("Menstrual Flow", "Heavy", [("isCycleStart", .bool(true)), ("note", .string("cramps"))]),
            Self.entry("Sexual Activity", "Protection Not Used"),
            Self.entry("Sexual Activity", nil, start: "2024-03-12 00:00:00 +0100", end: nil, [("protectionUsed", .bool(true))]),
            Self.entry("Spotting", nil, [("isCycleStart", .bool(false))]),
        ])
        let samples = try events.map { try $0.decode(CategoryRecorded.self) }
        #expect(samples[0].metadata["HKMenstrualCycleStart"] == "1" && samples[0].metadata["note"] == "cramps" && samples[0].metadata["isCycleStart"] == nil)
        #expect(samples[1].metadata["HKSexualActivityProtectionUsed"] == "0")
        #expect(samples[2].metadata["HKSexualActivityProtectionUsed"] == "1")
        // A flag on a type that has no such metadata is kept as sent, never dropped.
        #expect(samples[3].metadata["isCycleStart"] == "false" && samples[3].metadata["HKMenstrualCycleStart"] == nil)
    }

    @Test("a category or value the table does not know, or an entry with lists, is kept whole and noted with a count", arguments: [
        (entry("Basal Thermometer Mood", "Fine"), "cycle tracking 'Basal Thermometer Mood' is not a category the HealthKit table names"),
        (entry("Menstrual Flow", "Torrential"), "cycle tracking 'Menstrual Flow' with value 'Torrential', not one HealthKit names for it"),
        (entry("Pregnancy", "Twins"), "cycle tracking 'Pregnancy' with value 'Twins', not one HealthKit names for it"),
        (entry("Menstrual Flow", "Light", [("symptoms", .array([.string("Cramps")]))]), "cycle tracking 'Menstrual Flow' with lists in it, which a category sample cannot hold"),
    ])
    func unknownIsKept(entry: Document, note: String) throws {
        let (events, summary) = try read([entry, entry.setting("start", "2024-03-12 00:00:00 +0100").setting("end", "2024-03-13 00:00:00 +0100")])
        #expect(events.map(\.kind) == [.exportElementRecorded, .exportElementRecorded])
        let kept = try events[0].decode(ExportElementRecorded.self)
        #expect(kept.element == "HealthAutoExport.cycleTracking" && kept.attributes["name"] == entry["name"].map(HealthAutoExportFile.text))
        #expect(summary.notes == ["\(note): kept whole as exportElement.recorded (unmapped)": 2])
        #expect(summary.readByType["HealthAutoExport:cycleTracking"] == 2, "\(summary.readByType)")
    }

    @Test("a bad cycle tracking entry is refused naming its field", arguments: [
        (entry("", "Light"), "data.cycleTracking[0].name"),
        (entry("Menstrual Flow", "Light", start: "10 March"), "data.cycleTracking[0].start"),
        (entry("Menstrual Flow", "Light", end: "2024-03-09 00:00:00 +0100"), "data.cycleTracking[0].end"),
        (entry("Menstrual Flow", "Light", [("isCycleStart", .string("maybe"))]), "data.cycleTracking[0].isCycleStart"),
    ])
    func badEntriesAreRefused(entry: Document, field: String) {
        var payload = HealthAutoExportPayload()
        payload.arrays = [("cycleTracking", [entry])]
        let refused = file.refusal(payload.json)
        #expect(refused.contains(field), "\(refused)")
    }

    /// A category, two values a re-send may carry for it, and whether the table knows both.
    static let resendable: [(name: String, value: String, resent: String, known: Bool)] = [
        ("Menstrual Flow", "Light", "Heavy", true), ("menstrual_flow", "Torrential", "Biblical", false),
        ("Cervical Mucus Quality", "Sticky", "Egg White", true), ("Ovulation Test Result", "Negative", "Positive", true),
        ("Sexual Activity", "Protection Used", "Unspecified", true), ("Spotting", "", "Not Applicable", true),
        ("Spotting", "Heavy", "Light", false), ("Mood Swings Diary", "Fine", "Grim", false),
    ]

    @Test("every entry is one event, a category sample exactly when the table knows it; its id never depends on its value")
    func oneEventPerEntryWithAStableID() async {
        await propertyCheck(count: 80, input: Gen.int(in: 0..<Self.resendable.count).array(of: 1...12)) { picks in
            func entries(resent: Bool) -> [Document] {
                picks.enumerated().map { index, pick in
                    let chosen = Self.resendable[pick]
                    return Self.entry(chosen.name, resent ? chosen.resent : chosen.value, start: String(format: "2024-03-%02d 00:00:00 +0100", 1 + index), end: nil)
                }
            }
            let (events, _) = try read(entries(resent: false))
            #expect(events.count == picks.count)
            #expect(events.map { $0.kind == .categoryRecorded } == picks.map { Self.resendable[$0].known })
            #expect(Set(events.map(\.id)).count == picks.count)
            #expect(try read(entries(resent: true)).events.map(\.id) == events.map(\.id))
        }
    }

    @Test("imported again, a cycle stores nothing; a flow re-sent heavier is a correction of the one held")
    func resentCycleStoresOnce() throws {
        let vault = try ScratchVault()
        var first = HealthAutoExportPayload()
        first.arrays = [("cycleTracking", [
            Self.entry("Menstrual Flow", "Light", [("isCycleStart", .bool(true))]),
            Self.entry("Menstrual Flow", "Medium", start: "2024-03-11 00:00:00 +0100", end: "2024-03-12 00:00:00 +0100"),
            Self.entry("Basal Thermometer Mood", "Fine"),
        ])]
        var later = first
        later.arrays[0].1[1] = Self.entry("Menstrual Flow", "Heavy", start: "2024-03-11 00:00:00 +0100", end: "2024-03-12 00:00:00 +0100")
        let summaries = try HealthAutoExportDailyTests.importing([first, first, later], into: vault)
        #expect(summaries.map(\.appended) == [3, 0, 1])
        let held = try vault.ledger.currentEvents(ofKinds: [.categoryRecorded])
        #expect(try held.map { try $0.event.decode(CategoryRecorded.self).value } == ["HKCategoryValueMenstrualFlowLight", "HKCategoryValueMenstrualFlowHeavy"])
    }
}

extension Document {
    /// The entry with `name` set to `text`, for a second entry of a kind.
    fileprivate func setting(_ name: String, _ text: String) -> Document {
        var document = self
        document[name] = .string(text)
        return document
    }
}
