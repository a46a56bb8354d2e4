import Foundation
import Testing
import TestSupport

/// Issue 42: the same menstrual flow, ovulation test and ECG from Health Auto Export and from a
/// full Apple Health export of the same days are stored once, in either order, and `query`,
/// `log`, `audit` and `replay` see them once; the second import says where each was held.
@Suite struct SameRecordImportTests {
    static let healthAutoExport = """
        {"data": {"metrics": [],
          "ecg": [
            {"start": "2024-03-10 07:00:00 +0100", "end": "2024-03-10 07:00:30 +0100", "classification": "Sinus Rhythm",
             "averageHeartRate": 63, "numberOfVoltageMeasurements": 3, "samplingFrequency": 512, "source": "Alex’s Apple Watch",
             "voltageMeasurements": [
               {"date": "2024-03-10 07:00:00 +0100", "voltage": -0.0000125, "units": "V"},
               {"date": "2024-03-10 07:00:00 +0100", "voltage": 0.00025, "units": "V"},
               {"date": "2024-03-10 07:00:00 +0100", "voltage": 0.0000032, "units": "V"}]}
          ],
          "cycleTracking": [
            {"name": "Menstrual Flow", "start": "2024-03-10 00:00:00 +0100", "end": "2024-03-11 00:00:00 +0100",
             "value": "Medium", "isCycleStart": true, "source": "Alex’s iPhone"},
            {"name": "Ovulation Test Result", "start": "2024-03-24 08:00:00 +0100", "end": "2024-03-24 08:00:00 +0100",
             "value": "Positive", "source": "Alex’s iPhone"}
          ]
        }}
        """

    static let exportDocument = """
        <?xml version="1.0" encoding="UTF-8"?>
        <HealthData locale="en_US">
        <ExportDate value="2024-03-30 10:00:00 +0100"/>
        <Record type="HKCategoryTypeIdentifierMenstrualFlow" sourceName="Alex’s iPhone" sourceVersion="17.2" creationDate="2024-03-10 09:12:00 +0100" startDate="2024-03-10 00:00:00 +0100" endDate="2024-03-11 00:00:00 +0100" value="HKCategoryValueMenstrualFlowMedium">
         <MetadataEntry key="HKMenstrualCycleStart" value="1"/>
        </Record>
        <Record type="HKCategoryTypeIdentifierOvulationTestResult" sourceName="Alex’s iPhone" sourceVersion="17.2" creationDate="2024-03-24 08:01:00 +0100" startDate="2024-03-24 08:00:00 +0100" endDate="2024-03-24 08:00:00 +0100" value="HKCategoryValueOvulationTestResultLuteinizingHormoneSurge"/>
        </HealthData>

        """

    static let electrocardiogram = ElectrocardiogramCSV.text(recorded: "2024-03-10 07:00:00 +0100")

    static func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    /// The rows of a CSV query, without its header.
    static func rows(_ vault: CLIVault, _ query: String) throws -> Int {
        try vault.ok(["query", query, "--format", "csv"]).split(separator: "\n").count - 1
    }

    @Test("both imports in either order: stored once, queried and logged once, the second says where it was held; audit and replay agree",
          arguments: [true, false])
    func bothImportsStoreEachRecordOnce(appleHealthFirst: Bool) throws {
        let vault = try CLIVault()
        let export = vault.root + "/apple_health_export"
        try HealthAutoExportImportTests.write(Self.exportDocument, to: export + "/export.xml")
        try HealthAutoExportImportTests.write(Self.electrocardiogram, to: export + "/electrocardiograms/ecg_2024-03-10.csv")
        let folder = vault.root + "/HealthAutoExport"
        try HealthAutoExportImportTests.write(Self.healthAutoExport, to: folder + "/2024-03-24.json")
        let appleHealth = ["import", "apple-health", export], autoExport = ["import", "health-auto-export", folder]
        let (first, second) = appleHealthFirst ? (appleHealth, autoExport) : (autoExport, appleHealth)
        let held = appleHealthFirst ? "Apple Health" : "Health Auto Export"

        let stored = try Self.json(vault.ok(first + ["--json"]))
        #expect(stored["stored"] as? Int == 3 && (stored["alreadyStoredFrom"] as? [String: Int])?.isEmpty == true, "\(stored)")
        let skipped = try Self.json(vault.ok(second + ["--json"]))
        #expect(skipped["stored"] as? Int == 0 && skipped["alreadyStored"] as? Int == 3, "\(skipped)")
        #expect(skipped["alreadyStoredFrom"] as? [String: Int] == [held: 3], "\(skipped)")
        let again = try vault.ok(second)
        #expect(again.contains("0 stored, 3 already stored") && again.contains("Already stored from \(held): 3 (the same records under \(held)'s own id"), "\(again)")
        #expect(try Self.json(vault.ok(first + ["--json"]))["stored"] as? Int == 0)

        func expectOnce() throws {
            #expect(try Self.rows(vault, "menstrual_flow where between 2024-03-10 and 2024-03-10") == 1)
            #expect(try Self.rows(vault, "ovulation_test_result where between 2024-03-24 and 2024-03-24") == 1)
            #expect(try vault.ok(["log", "--kind", "ecg.recorded", "--json"]).split(separator: "\n").count == 1)
            #expect(try vault.ok(["audit"]).contains("audit clean"))
        }
        try expectOnce()
        let replay = try vault.ok(["replay"])
        #expect(replay.contains("records two importers share"), "\(replay)")
        try expectOnce()
        #expect(try Self.json(vault.ok(second + ["--json"]))["stored"] as? Int == 0)
    }

    @Test func aPostOfWhatAnAppleHealthImportStoredStoresNothingAndSaysWhereItWasHeld() throws {
        let vault = try CLIVault()
        let export = vault.root + "/apple_health_export"
        try HealthAutoExportImportTests.write(Self.exportDocument, to: export + "/export.xml")
        try HealthAutoExportImportTests.write(Self.electrocardiogram, to: export + "/electrocardiograms/ecg_2024-03-10.csv")
        try vault.ok(["import", "apple-health", export])
        let token = try IngestListenerTests.addToken(vault, "Alex’s iPhone")
        let listener = try IngestListener(vault: vault)
        for _ in 0..<2 {
            let answer = try listener.post(Self.healthAutoExport, token: token)
            #expect(answer.status == 200 && answer.json["stored"] as? Int == 0 && answer.json["alreadyStored"] as? Int == 3, "\(answer.body)")
            #expect(answer.json["alreadyStoredFrom"] as? [String: Int] == ["Apple Health": 3], "\(answer.body)")
        }
        #expect(listener.stop() == 0)
        let sources = try vault.ok(["sources"])
        #expect(sources.contains("2 deliveries: 6 readings, 0 new to the ledger"), "\(sources)")
        #expect(try Self.rows(vault, "menstrual_flow where between 2024-03-10 and 2024-03-10") == 1)
        #expect(try vault.ok(["log", "--kind", "ecg.recorded", "--json"]).split(separator: "\n").count == 1)
        #expect(try vault.ok(["audit"]).contains("audit clean"))
    }

    @Test func aVaultThePreviousVersionIndexedGainsTheIndexOnceAndAnExportOfTheSameDaysStoresNothing() throws {
        let vault = try CLIVault()
        let folder = vault.root + "/HealthAutoExport"
        try HealthAutoExportImportTests.write(Self.healthAutoExport, to: folder + "/2024-03-24.json")
        try vault.ok(["import", "health-auto-export", folder])
        // As the previous version left it: its store indexes under their key then, without this one.
        let tampering = VaultTampering(path: vault.path)
        try tampering.drop("index.sameRecord")
        try StoreIndexCLITests.leaveIndexedBy("indexes.covered.3", tampering)

        let export = vault.root + "/apple_health_export"
        try HealthAutoExportImportTests.write(Self.exportDocument, to: export + "/export.xml")
        try HealthAutoExportImportTests.write(Self.electrocardiogram, to: export + "/electrocardiograms/ecg_2024-03-10.csv")
        let upgraded = try vault.run(["import", "apple-health", export])
        #expect(upgraded.status == 0)
        #expect(upgraded.stderr.contains("(the index of records that Health Auto Export and an Apple Health export both bring is new in this version, among other new indexes); this is done once"), "\(upgraded.stderr)")
        #expect(upgraded.stdout.contains("0 stored, 3 already stored") && upgraded.stdout.contains("Already stored from Health Auto Export: 3"), "\(upgraded.stdout)")
        #expect(try vault.run(["log", "--limit", "1"]).stderr.isEmpty)
        #expect(try vault.ok(["audit"]).contains("audit clean"))
    }
}
