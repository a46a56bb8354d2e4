import Foundation
import LedgerCore
import LedgerStore
import PropertyBased
import Testing
import TestSupport
@testable import HealthImport

/// Issue 42: an array of `data` this version has no typed event for (`heartRateNotifications`,
/// an array a later app adds) is kept entry by entry, whole, and reported as unmapped; never
/// only named. The notifications are written from the layout the app's JSON-format page documents
/// (`start`, `end`, `threshold`, `heartRate[]` with a nested `timestamp`, `heartRateVariation[]`).
@Suite struct HealthAutoExportUnreadArraysTests {
    let file = HealthAutoExportFileTests()

    static func notification(
        start: String = "2024-03-10 09:00:00 +0100", end: String = "2024-03-10 09:10:00 +0100", threshold: Int64? = 120,
        readings: [Int64] = [124, 131], source: String? = "Alex’s Apple Watch"
    ) -> Document {
        var entry: Document = ["start": .string(start), "end": .string(end)]
        entry.set("threshold", threshold.map(DocValue.int))
        entry["heartRate"] = .array(readings.map { hr in
            .map(["hr": .int(hr), "units": .string("bpm"), "timestamp": .map([
                "start": .string(start), "end": .string(end), "interval": .map(["duration": .int(600), "units": .string("s")]),
            ])])
        })
        entry["heartRateVariation"] = .array([.map(["hrv": .double(31.5), "units": .string("ms")])])
        entry.set("source", source.map(DocValue.string))
        return entry
    }

    func read(_ arrays: [(String, [Document])]) throws -> (events: [Event], summary: ImportSummary) {
        var payload = HealthAutoExportPayload()
        payload.arrays = arrays
        return try file.read(payload)
    }

    @Test("a heart-rate notification is kept whole: every field an attribute, every reading a child, counted as unmapped")
    func notificationsAreKeptWhole() throws {
        let later = Self.notification(start: "2024-03-10 22:00:00 +0100", end: "2024-03-10 22:05:00 +0100", threshold: 40, readings: [38])
        let (events, summary) = try read([("heartRateNotifications", [Self.notification(), later])])
        #expect(events.map(\.kind) == [.exportElementRecorded, .exportElementRecorded])
        let kept = try events[0].decode(ExportElementRecorded.self)
        #expect(kept.element == "HealthAutoExport.heartRateNotifications")
        #expect(kept.attributes == ["start": "2024-03-10 09:00:00 +0100", "end": "2024-03-10 09:10:00 +0100", "threshold": "120", "source": "Alex’s Apple Watch"])
        #expect(kept.children.map(\.element) == ["heartRate", "heartRate", "heartRateVariation"])
        #expect(kept.children[1].attributes["hr"] == "131" && kept.children[1].attributes["timestamp.interval.duration"] == "600")
        #expect(kept.children[2].attributes == ["hrv": "31.5", "units": "ms"])
        #expect(events[0].start == Timestamp(micros: 1_710_057_600_000_000) && events[0].end == Timestamp(micros: 1_710_058_200_000_000))
        #expect(events[0].source.device == "Alex’s Apple Watch")
        #expect(summary.notes == [HealthAutoExportFile.unreadArrayNote("heartRateNotifications"): 2])
        #expect(summary.readByType["HealthAutoExport:heartRateNotifications"] == 2)
    }

    @Test("an array a later app adds is kept the same; a list inside a list keeps its items")
    func aFutureArrayIsKept() throws {
        let entry: Document = ["date": .string("2024-03-10 07:30:00 +0100"), "name": .string("Hydration Reminder"),
                               "grid": .array([.array([.int(1), .int(2)])])]
        let (events, summary) = try read([("futureArray", [entry])])
        let kept = try events.map { try $0.decode(ExportElementRecorded.self) }
        #expect(kept.map(\.element) == ["HealthAutoExport.futureArray"])
        #expect(kept.first?.attributes == ["date": "2024-03-10 07:30:00 +0100", "name": "Hydration Reminder"])
        #expect(kept.first?.children.map { [$0.depth: $0.attributes["value"] ?? "list"] } == [[1: "list"], [2: "1"], [2: "2"]])
        #expect(summary.notes == [HealthAutoExportFile.unreadArrayNote("futureArray"): 1])
    }

    @Test("an entry with no time to keep it at (not an object, no date, a date without its offset) is named as not stored, not refused")
    func entriesWithoutATimeAreNamed() throws {
        let json = """
            {"data": {"metrics": [{"name": "step_count", "units": "count", "data": [{"date": "2024-03-10 08:00:00 +0100", "qty": 120}]}],
             "futureArray": ["just text", {"date": "2024-03-10 07:30:00"}, {"note": "no date"}]}}
            """
        var summary = ImportSummary()
        let events = try file.reader.events(parsing: json, summary: &summary)
        #expect(events.map(\.kind) == [.sampleRecorded])
        #expect(summary.notes == ["data.futureArray: an entry \(HealthAutoExportFile.notImported)": 3])
    }

    @Test("a field of data that is not a list (an object, a value) is named as not stored, not dropped unsaid; empty ones say nothing")
    func fieldsThatAreNotListsAreNamed() throws {
        let json = """
            {"data": {"metrics": [{"name": "step_count", "units": "count", "data": [{"date": "2024-03-10 08:00:00 +0100", "qty": 120}]}],
             "summary": {"steps": 120}, "exportVersion": 2, "nothing": null, "blank": "", "empty": {}}}
            """
        var summary = ImportSummary()
        let events = try file.reader.events(parsing: json, summary: &summary)
        #expect(events.map(\.kind) == [.sampleRecorded])
        #expect(summary.notes == ["data.summary: \(HealthAutoExportFile.notAList)": 1, "data.exportVersion: \(HealthAutoExportFile.notAList)": 1])
    }

    @Test("a kept entry's lists are bounded")
    func keptListsAreBounded() {
        let entry = Self.notification(readings: Array(repeating: 90, count: HealthAutoExportFile.maximumUnreadEntryItems + 1))
        var payload = HealthAutoExportPayload()
        payload.arrays = [("heartRateNotifications", [entry])]
        let refused = file.refusal(payload.json)
        #expect(refused.contains("data.heartRateNotifications[0]") && refused.contains("more than 100000 items"), "\(refused)")
    }

    @Test("every entry is one event; its id is the same when a re-send changes its readings, threshold or end, and apart from every other entry's")
    func oneEventPerEntryWithAStableID() async {
        let shapes = Gen.int(in: 0..<4).array(of: 1...10)
        await propertyCheck(count: 60, input: shapes) { picks in
            // Each entry its own minute; the array, and whether the app names the entry, by pick.
            func arrays(resent: Bool) -> [(String, [Document])] {
                var byArray: [String: [Document]] = [:]
                var order: [String] = []
                for (index, pick) in picks.enumerated() {
                    let array = pick % 2 == 0 ? "heartRateNotifications" : "futureArray"
                    let start = String(format: "2024-03-10 %02d:%02d:00 +0100", index / 60, index % 60)
                    var entry = Self.notification(start: start, end: resent ? "2024-03-10 23:59:00 +0100" : start,
                                                  threshold: resent ? 140 : 120, readings: resent ? [120, 150, 160] : [121])
                    if pick >= 2 { entry["name"] = .string("Reminder") }
                    if byArray[array] == nil { order.append(array) }
                    byArray[array, default: []].append(entry)
                }
                return order.map { ($0, byArray[$0]!) }
            }
            let (events, summary) = try read(arrays(resent: false))
            #expect(events.count == picks.count)
            #expect(events.allSatisfy { $0.kind == .exportElementRecorded })
            #expect(Set(events.map(\.id)).count == picks.count)
            #expect(summary.notes.values.reduce(0, +) == picks.count)
            let resent = try read(arrays(resent: true)).events
            #expect(Set(resent.map(\.id)) == Set(events.map(\.id)))
        }
    }

    @Test("imported again, kept notifications store nothing")
    func resentNotificationsStoreOnce() throws {
        let vault = try ScratchVault()
        var payload = HealthAutoExportPayload()
        payload.arrays = [("heartRateNotifications", [Self.notification(), Self.notification(start: "2024-03-10 22:00:00 +0100", end: "2024-03-10 22:05:00 +0100")])]
        let summaries = try HealthAutoExportDailyTests.importing([payload, payload], into: vault)
        #expect(summaries.map(\.appended) == [2, 0])
        #expect(try vault.ledger.currentEvents(ofKinds: [.exportElementRecorded]).count == 2)
    }
}
