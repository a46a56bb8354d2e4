import Foundation
import LedgerCore
import LedgerStore
import PropertyBased
import Testing
import TestSupport
@testable import HealthImport

/// Issue 42: the app's ECG recordings (`data.ecg`) are the ledger's `ecg.recorded`, as an Apple
/// Health export's ECG files are: voltages in microvolts whatever unit they came in, stored once
/// across re-sends. Payloads are written from the app's published JSON format (its ECG and
/// voltage-measurement objects): no public project publishes a real one.
@Suite struct HealthAutoExportECGTests {
    let file = HealthAutoExportFileTests()

    func read(_ entries: [Document]) throws -> (events: [Event], summary: ImportSummary) {
        var payload = HealthAutoExportPayload()
        payload.arrays = [("ecg", entries)]
        return try file.read(payload)
    }

    /// An entry as the app writes it: `voltages` in `units`, one measurement per sample period.
    static func recording(
        start: String = "2024-03-10 07:00:00 +0100", classification: String = "Sinus Rhythm", voltages: [Double] = [-12.5, 3.25, 250, -0.5],
        units: String = "mV", frequency: Double = 512, averageHeartRate: Double? = 64, source: String? = "Alex’s Apple Watch"
    ) -> Document {
        let measurements = voltages.map { DocValue.map(["date": .string(start), "voltage": .double($0), "units": .string(units)]) }
        var entry: Document = [
            "start": .string(start), "classification": .string(classification), "severity": .string(""),
            "numberOfVoltageMeasurements": .int(Int64(voltages.count)), "voltageMeasurements": .array(measurements),
            "samplingFrequency": .double(frequency),
        ]
        entry.set("averageHeartRate", averageHeartRate.map(DocValue.double))
        entry.set("source", source.map(DocValue.string))
        return entry
    }

    @Test("an ECG is ecg.recorded: its classification, average heart rate, sampling frequency and voltages in microvolts, from its start for one period per voltage")
    func anECGIsARecording() throws {
        let (events, summary) = try read([Self.recording()])
        #expect(events.map(\.kind) == [.electrocardiogramRecorded])
        let ecg = try events[0].decode(ElectrocardiogramRecorded.self)
        #expect(ecg.classification == "Sinus Rhythm")
        #expect(ecg.averageHeartRate == 64 && ecg.samplingFrequency == 512)
        #expect(ecg.voltages == [-12_500, 3_250, 250_000, -500])
        #expect(ecg.symptoms == nil && ecg.lead == nil)
        #expect(events[0].start == Fixtures.instant("2024-03-10T06:00:00Z") && events[0].utcOffset == 3600)
        #expect(events[0].end == events[0].start.adding(seconds: 4.0 / 512))
        #expect(events[0].source == Source(name: "Health Auto Export", device: "Alex’s Apple Watch"))
        #expect(summary.notes.isEmpty, "\(summary.notes)")
    }

    @Test("voltages in V, mV and µV (either micro sign) are all stored in microvolts", arguments: [
        ("V", 1e6), ("mV", 1e3), ("\u{B5}V", 1.0), ("\u{3BC}V", 1.0), ("uV", 1.0),
    ])
    func voltageUnits(unit: String, microvolts: Double) throws {
        let (events, _) = try read([Self.recording(voltages: [0.5, -2], units: unit)])
        #expect(try events[0].decode(ElectrocardiogramRecorded.self).voltages == [0.5 * microvolts, -2 * microvolts])
    }

    @Test("symptoms and a severity sent with the ECG are its symptoms; an average heart rate of 0 is none")
    func symptomsAndNoAverage() throws {
        var entry = Self.recording(averageHeartRate: 0)
        entry["symptoms"] = .array([.string("Chest tightness or pain"), .map(["name": .string("Dizziness")])])
        entry["severity"] = .string("Mild")
        let ecg = try read([entry]).events[0].decode(ElectrocardiogramRecorded.self)
        #expect(ecg.symptoms == "Chest tightness or pain; Dizziness; severity: Mild")
        #expect(ecg.averageHeartRate == nil)
    }

    @Test("a field an ECG has no place for is named in a note, not dropped unsaid")
    func otherFieldsAreNoted() throws {
        var entry = Self.recording()
        entry["algorithmVersion"] = .int(2)
        entry["lead"] = .string("Lead I")
        let (events, summary) = try read([entry])
        #expect(try events[0].decode(ElectrocardiogramRecorded.self).lead == "Lead I")
        #expect(summary.notes == ["an ECG's field 'algorithmVersion': not kept (ecg.recorded has no place for it)": 1])
    }

    @Test("fewer voltages than the entry says it has are stored, and said in a note")
    func aShortRecordingIsNoted() throws {
        var entry = Self.recording()
        entry["numberOfVoltageMeasurements"] = .int(15_360)
        let (events, summary) = try read([entry])
        #expect(try events[0].decode(ElectrocardiogramRecorded.self).voltages.count == 4)
        #expect(summary.notes == ["an ECG sent with 4 voltages of the 15360 it says it has: stored with those sent": 1])
    }

    @Test("a bad ECG entry is refused naming its field", arguments: [
        (recording(classification: ""), "data.ecg[0].classification"),
        (recording(start: "2024-03-10 07:00:00"), "data.ecg[0].start"),
        (recording(frequency: 0), "data.ecg[0].samplingFrequency"),
        (recording(averageHeartRate: -3), "data.ecg[0].averageHeartRate"),
        (recording(voltages: []), "data.ecg[0].voltageMeasurements"),
        (recording(units: "furlongs"), "data.ecg[0].voltageMeasurements[0].units': 'furlongs' is not a unit of voltage"),
        (recording(voltages: [1, 1e308], units: "V"), "data.ecg[0].voltageMeasurements[1].voltage': is too large"),
        (recording().replacing(measurement: 2, with: .map(["date": .string("x"), "voltage": .string("high"), "units": .string("mV")])),
         "data.ecg[0].voltageMeasurements[2].voltage': missing or not a number"),
        (recording().replacing(measurement: 3, with: .map(["voltage": .double(1)])), "data.ecg[0].voltageMeasurements[3].units"),
        (recording().replacing(measurement: 1, with: .int(4)), "data.ecg[0].voltageMeasurements[1]': is not an object"),
    ])
    func badEntriesAreRefused(entry: Document, field: String) {
        var payload = HealthAutoExportPayload()
        payload.arrays = [("ecg", [entry])]
        let refused = file.refusal(payload.json)
        #expect(refused.contains(field), "\(refused)")
    }

    @Test("more voltages than one recording may have are refused, naming the list and the bound")
    func voltagesAreBounded() {
        var payload = HealthAutoExportPayload()
        payload.arrays = [("ecg", [Self.recording(voltages: Array(repeating: 1, count: HealthAutoExportFile.maximumVoltages + 1))])]
        let refused = file.refusal(payload.json)
        #expect(refused.contains("data.ecg[0].voltageMeasurements': \(HealthAutoExportFile.maximumVoltages + 1) voltages, more than the"), "\(refused)")
    }

    @Test("every ECG entry is one ecg.recorded whose id stands for its start and device, never its classification, heart rate or voltages")
    func oneEventPerEntryWithAStableID() async {
        await propertyCheck(count: 60, input: Gen.int(in: 1...8), Gen.int(in: -2_000...2_000).array(of: 1...40), Gen.int(in: 0...2)) { count, samples, unitIndex in
            let units = ["V", "mV", "µV"][unitIndex]
            let entries = (0..<count).map { index in
                Self.recording(start: "2024-03-10 \(10 + index):00:00 +0100", voltages: samples.map { Double($0) / 1000 }, units: units)
            }
            let (events, _) = try read(entries)
            #expect(events.count == count && events.allSatisfy { $0.kind == .electrocardiogramRecorded })
            #expect(Set(events.map(\.id)).count == count)
            let resent = (0..<count).map { index in
                Self.recording(start: "2024-03-10 \(10 + index):00:00 +0100", classification: "Inconclusive", voltages: samples.map { Double($0 + 1) / 1000 },
                               units: units, averageHeartRate: 90)
            }
            #expect(try read(resent).events.map(\.id) == events.map(\.id))
            let otherWatch = (0..<count).map { index in
                Self.recording(start: "2024-03-10 \(10 + index):00:00 +0100", voltages: samples.map { Double($0) / 1000 }, units: units, source: "Sam’s Apple Watch")
            }
            #expect(Set(try read(otherWatch).events.map(\.id)).isDisjoint(with: events.map(\.id)))
        }
    }

    @Test("imported again, an ECG stores nothing; re-sent reclassified, it is a correction of the one held")
    func resentECGsStoreOnce() throws {
        let vault = try ScratchVault()
        var first = HealthAutoExportPayload()
        first.arrays = [("ecg", [Self.recording(), Self.recording(start: "2024-03-10 19:00:00 +0100", classification: "Atrial Fibrillation")])]
        var later = first
        later.arrays[0].1[1] = Self.recording(start: "2024-03-10 19:00:00 +0100", classification: "Inconclusive")
        let summaries = try HealthAutoExportDailyTests.importing([first, first, later], into: vault)
        #expect(summaries.map(\.appended) == [2, 0, 1])
        let held = try vault.ledger.currentEvents(ofKinds: [.electrocardiogramRecorded])
        #expect(try held.map { try $0.event.decode(ElectrocardiogramRecorded.self).classification } == ["Sinus Rhythm", "Inconclusive"])
    }
}

extension Document {
    /// The recording with its measurement at `index` replaced, for a table of bad entries.
    fileprivate func replacing(measurement index: Int, with value: DocValue) -> Document {
        var document = self
        if case .array(var items)? = document["voltageMeasurements"] {
            items[index] = value
            document["voltageMeasurements"] = .array(items)
        }
        return document
    }
}
