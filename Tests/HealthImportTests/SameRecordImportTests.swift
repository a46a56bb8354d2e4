import Foundation
import LedgerCore
import LedgerStore
import PropertyBased
import Testing
import TestSupport
@testable import HealthImport

/// Issue 42: a cycle-tracking sample or an ECG that Health Auto Export sends and a full Apple
/// Health export holds too is stored once, whichever arrives first and however often either
/// is sent again; the import that skips it says it was already stored from the other.
@Suite struct SameRecordImportTests {
    /// One HealthKit record as each format writes it.
    struct Record {
        let name: String
        let haeValue: String?
        let type: String
        let exported: String
        let start: String
        let end: String
        let metadata: [(String, String)]
        let haeFlags: [(String, DocValue)]
    }

    static let records = [
        Record(name: "Menstrual Flow", haeValue: "Medium", type: "HKCategoryTypeIdentifierMenstrualFlow", exported: "HKCategoryValueMenstrualFlowMedium",
               start: "2024-03-10 00:00:00 +0100", end: "2024-03-11 00:00:00 +0100", metadata: [("HKMenstrualCycleStart", "1")], haeFlags: [("isCycleStart", .bool(true))]),
        Record(name: "Menstrual Flow", haeValue: "Light", type: "HKCategoryTypeIdentifierMenstrualFlow", exported: "HKCategoryValueMenstrualFlowLight",
               start: "2024-03-11 00:00:00 +0100", end: "2024-03-12 00:00:00 +0100", metadata: [("HKMenstrualCycleStart", "0")], haeFlags: [("isCycleStart", .bool(false))]),
        Record(name: "Ovulation Test Result", haeValue: "Positive", type: "HKCategoryTypeIdentifierOvulationTestResult",
               exported: "HKCategoryValueOvulationTestResultLuteinizingHormoneSurge", start: "2024-03-24 08:00:00 +0100", end: "2024-03-24 08:00:00 +0100",
               metadata: [], haeFlags: []),
        Record(name: "Sexual Activity", haeValue: "Protection Used", type: "HKCategoryTypeIdentifierSexualActivity", exported: "HKCategoryValueNotApplicable",
               start: "2024-03-15 22:00:00 +0100", end: "2024-03-15 22:00:00 +0100", metadata: [("HKSexualActivityProtectionUsed", "1")], haeFlags: []),
    ]
    /// The ECG both send: recorded at 07:00:00 on 10 March, its index after the records'.
    static let ecgStart = "2024-03-10 07:00:00 +0100"
    static var ecg: Int { records.count }

    static func appleHealthExport(_ chosen: [Int], in folder: String) throws {
        let recordLines = chosen.filter { $0 < records.count }.map { index in
            let record = records[index]
            let metadata = record.metadata.map { #"<MetadataEntry key="\#($0.0)" value="\#($0.1)"/>"# }.joined()
            return #"<Record type="\#(record.type)" sourceName="Alex’s iPhone" sourceVersion="17.2" creationDate="\#(record.start)" startDate="\#(record.start)" endDate="\#(record.end)" value="\#(record.exported)">\#(metadata)</Record>"#
        }
        try FileManager.default.createDirectory(atPath: folder + "/electrocardiograms", withIntermediateDirectories: true)
        let xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<HealthData locale=\"en_US\">\n<ExportDate value=\"2024-03-30 10:00:00 +0100\"/>\n"
            + recordLines.joined(separator: "\n") + "\n</HealthData>\n"
        try xml.write(toFile: folder + "/export.xml", atomically: true, encoding: .utf8)
        let csv = folder + "/electrocardiograms/ecg_2024-03-10.csv"
        if chosen.contains(ecg) {
            try ElectrocardiogramCSV.text(recorded: ecgStart).write(toFile: csv, atomically: true, encoding: .utf8)
        } else {
            try? FileManager.default.removeItem(atPath: csv)
        }
    }

    static func healthAutoExport(_ chosen: [Int]) -> HealthAutoExportPayload {
        var payload = HealthAutoExportPayload()
        let entries = chosen.filter { $0 < records.count }.map { index in
            let record = records[index]
            return HealthAutoExportCycleTrackingTests.entry(record.name, record.haeValue, start: record.start, end: record.end, record.haeFlags)
        }
        var arrays: [(String, [Document])] = [("cycleTracking", entries)]
        if chosen.contains(ecg) {
            let voltages: [DocValue] = [-0.0000125, 0.00025, 0.0000032].map { .map(["date": .string(ecgStart), "voltage": .double($0), "units": .string("V")]) }
            arrays.append(("ecg", [[
                "start": .string(ecgStart), "end": .string("2024-03-10 07:00:30 +0100"), "classification": .string("Sinus Rhythm"),
                "averageHeartRate": .int(63), "numberOfVoltageMeasurements": .int(3), "samplingFrequency": .int(512),
                "source": .string("Alex’s Apple Watch"), "voltageMeasurements": .array(voltages),
            ]]))
        }
        payload.arrays = arrays
        return payload
    }

    /// One delivery of `chosen` from `appleHealth` (a whole export) or Health Auto Export (a file).
    static func deliver(_ chosen: [Int], appleHealth: Bool, into ledger: Ledger, folder: String) throws -> ImportSummary {
        if appleHealth {
            let export = folder + "/apple_health_export-\(UUID().uuidString)"
            try appleHealthExport(chosen, in: export)
            return try AppleHealthImporter(ledger: ledger).run(path: export)
        }
        let path = try healthAutoExport(chosen).write(to: folder + "/HealthAutoExport", name: "\(UUID().uuidString).json")
        return try HealthAutoExportFolder(input: path, ledger: ledger).run(into: ledger)
    }

    /// The stored events of each record, found by what both formats say of it.
    static func stored(_ ledger: Ledger) throws -> [Int: Int] {
        var counts: [Int: Int] = [:]
        for stored in try ledger.allEvents() {
            let event = stored.event
            if event.kind == .electrocardiogramRecorded, event.start == Fixtures.instant("2024-03-10T06:00:00Z") { counts[ecg, default: 0] += 1 }
            guard event.kind == .categoryRecorded, let sample = try? event.decode(CategoryRecorded.self) else { continue }
            for (index, record) in records.enumerated() where sample.type == record.type && sample.value == record.exported {
                if try event.start == ISO8601.parse(record.start, localOffset: 0).timestamp { counts[index, default: 0] += 1 }
            }
        }
        return counts
    }

    static func temporaryFolder() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("same-record-\(UUID().uuidString)").path
    }

    @Test("Health Auto Export then the Apple Health export, and the other way round: each record stored once, the second import says where it was held",
          arguments: [true, false])
    func eachRecordIsStoredOnceInEitherOrder(appleHealthFirst: Bool) throws {
        let folder = Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let vault = try ScratchVault()
        let all = Array(0...Self.ecg)
        let first = try Self.deliver(all, appleHealth: appleHealthFirst, into: vault.ledger, folder: folder)
        let second = try Self.deliver(all, appleHealth: !appleHealthFirst, into: vault.ledger, folder: folder)
        #expect(first.appended == all.count && first.heldFromOtherImports.isEmpty, "\(first)")
        #expect(second.appended == 0 && second.duplicates == all.count, "\(second)")
        #expect(second.heldFromOtherImports == [appleHealthFirst ? "Apple Health" : "Health Auto Export": all.count], "\(second.heldFromOtherImports)")
        #expect(try Self.stored(vault.ledger) == Dictionary(uniqueKeysWithValues: all.map { ($0, 1) }))

        // Each sent again: nothing stored, each said again to be held.
        let resent = try Self.deliver(all, appleHealth: !appleHealthFirst, into: vault.ledger, folder: folder)
        #expect(resent.appended == 0 && resent.heldFromOtherImports.values.reduce(0, +) == all.count, "\(resent)")
        #expect(try Self.deliver(all, appleHealth: appleHealthFirst, into: vault.ledger, folder: folder).appended == 0)
        #expect(try vault.ledger.audit().problems.isEmpty)
        try vault.ledger.rebuildStoreIndexes()
        #expect(try vault.ledger.audit().problems.isEmpty)
        #expect(try Self.deliver(all, appleHealth: !appleHealthFirst, into: vault.ledger, folder: folder).appended == 0)
    }

    @Test("any interleaving of deliveries from the two, each of any of the records: every record sent is stored once, the index audits clean and rebuilds alike")
    func anyInterleavingStoresEachRecordOnce() async {
        // A step: bit 5 says the Apple Health export, bits 0–4 which records it holds.
        await propertyCheck(count: 14, input: Gen.int(in: 0...63).array(of: 1...4)) { steps in
            do {
                let folder = Self.temporaryFolder()
                defer { try? FileManager.default.removeItem(atPath: folder) }
                let vault = try ScratchVault()
                var sent: Set<Int> = []
                for step in steps {
                    let chosen = (0...Self.ecg).filter { step & (1 << $0) != 0 }
                    sent.formUnion(chosen)
                    _ = try Self.deliver(chosen, appleHealth: step & 32 != 0, into: vault.ledger, folder: folder)
                }
                #expect(try Self.stored(vault.ledger) == Dictionary(uniqueKeysWithValues: sent.map { ($0, 1) }), "steps \(steps)")
                #expect(try vault.ledger.audit().problems.isEmpty, "steps \(steps)")
                try vault.ledger.rebuildStoreIndexes()
                #expect(try vault.ledger.audit().problems.isEmpty, "steps \(steps): after a rebuild")
                let everything = try Self.deliver(Array(0...Self.ecg), appleHealth: steps.count % 2 == 0, into: vault.ledger, folder: folder)
                #expect(everything.appended == (0...Self.ecg).count { !sent.contains($0) }, "steps \(steps): \(everything)")
            } catch {
                Issue.record("steps \(steps): \(error)")
            }
        }
    }

    @Test("a vault the previous version wrote holds the record twice: sending either again stores nothing, and the audit is clean")
    func aVaultWithTheRecordTwiceStoresNothingMore() throws {
        let folder = Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let vault = try ScratchVault()
        // A copy of the empty vault derives the same ids: what it imports is what this one's import makes.
        let copy = Self.temporaryFolder() + "-vault"
        try FileManager.default.copyItem(atPath: vault.directory, toPath: copy)
        defer { try? FileManager.default.removeItem(atPath: copy) }
        let all = Array(0...Self.ecg)
        _ = try Self.deliver(all, appleHealth: false, into: vault.ledger, folder: folder)
        let appleHealth = try Ledger(directory: copy, masterKey: vault.master)
        _ = try Self.deliver(all, appleHealth: true, into: appleHealth, folder: folder)
        // Stored as the previous version stored them: appended with no record looked up, since none was.
        try vault.ledger.append(appleHealth.allEvents().map(\.event), idsDrawnAtRandom: true)
        try vault.ledger.rebuildStoreIndexes()
        #expect(try Self.stored(vault.ledger) == Dictionary(uniqueKeysWithValues: all.map { ($0, 2) }))
        #expect(try vault.ledger.audit().problems.isEmpty)

        let resentFile = try Self.deliver(all, appleHealth: false, into: vault.ledger, folder: folder)
        let reimported = try Self.deliver(all, appleHealth: true, into: vault.ledger, folder: folder)
        #expect(resentFile.appended == 0 && resentFile.heldFromOtherImports.isEmpty, "\(resentFile)")
        #expect(reimported.appended == 0 && reimported.heldFromOtherImports.isEmpty, "\(reimported)")
        #expect(try vault.ledger.audit().problems.isEmpty)
    }

    @Test func aFlowTheAppCorrectedIsNotStoredAgainFromAnExportTakenAfterTheChange() throws {
        let folder = Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let vault = try ScratchVault()
        func flow(_ value: String) -> HealthAutoExportPayload {
            var payload = HealthAutoExportPayload()
            payload.arrays = [("cycleTracking", [HealthAutoExportCycleTrackingTests.entry("Menstrual Flow", value, start: Self.records[0].start, end: Self.records[0].end)])]
            return payload
        }
        let medium = try HealthAutoExportDeliveryOrderTests.file(flow("Medium"), in: folder, name: "medium.json", delivered: Date().addingTimeInterval(-120))
        let heavy = try HealthAutoExportDeliveryOrderTests.file(flow("Heavy"), in: folder, name: "heavy.json", delivered: Date().addingTimeInterval(-60))
        _ = try HealthAutoExportFolder(input: medium, ledger: vault.ledger).run(into: vault.ledger)
        #expect(try HealthAutoExportFolder(input: heavy, ledger: vault.ledger).run(into: vault.ledger).appended == 1, "the later delivery corrects the flow")

        let export = folder + "/apple_health_export"
        try FileManager.default.createDirectory(atPath: export, withIntermediateDirectories: true)
        let record = Self.records[0]
        try (
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<HealthData locale=\"en_US\">\n"
            + #"<Record type="\#(record.type)" sourceName="Alex’s iPhone" startDate="\#(record.start)" endDate="\#(record.end)" value="HKCategoryValueMenstrualFlowHeavy"/>"#
            + "\n</HealthData>\n"
        ).write(toFile: export + "/export.xml", atomically: true, encoding: .utf8)
        let imported = try AppleHealthImporter(ledger: vault.ledger).run(path: export)
        #expect(imported.appended == 0 && imported.heldFromOtherImports == ["Health Auto Export": 1], "\(imported)")
        #expect(try vault.ledger.allEvents().count { $0.event.kind == .categoryRecorded } == 1)
        #expect(try vault.ledger.audit().problems.isEmpty)
        try vault.ledger.rebuildStoreIndexes()
        #expect(try vault.ledger.audit().problems.isEmpty)
        #expect(try AppleHealthImporter(ledger: vault.ledger).run(path: export).appended == 0)
    }
}
