import Foundation
import Testing
import TestSupport

/// A damaged export is named once, with where it broke and how much of it was kept, in sentences.
@Suite struct ImportErrorMessageTests {
    static let truncatedExport = """
        <?xml version="1.0" encoding="UTF-8"?>
        <HealthData locale="en_US">
         <ExportDate value="2026-04-01 08:00:00 +0200"/>
         <Record type="HKQuantityTypeIdentifierHeartRate" sourceName="Watch" unit="count/min" startDate="2026-04-01 08:00:00 +0200" endDate="2026-04-01 08:00:00 +0200" value="61"/>
         <Record type="HKQuantityTypeIdentifierHeartRate" sourceName="Watch" unit="count/min" startDate="2026-04-01 08:01:00 +0200" endDate="2026-04-01 08:01:00 +0200" value="6
        """

    @Test func aTruncatedExportXMLIsNamedOnceAndTheKeptRecordCountedInASentence() throws {
        let vault = try CLIVault()
        let export = vault.root + "/export.xml"
        try Self.truncatedExport.write(toFile: export, atomically: true, encoding: .utf8)

        let result = try vault.run(["import", "apple-health", export])
        #expect(result.status == 65, "exit \(result.status): \(result.stderr)")
        #expect(result.stderr.components(separatedBy: "export.xml").count == 2, "named more than once: \(result.stderr)")
        #expect(result.stderr.contains("\(export): line 5, column 2: the file ends inside a tag: it is truncated. The 1 record read before it is stored;"),
                "\(result.stderr)")
        #expect(try vault.rawEvents().count == 1)
    }

    @Test func aFolderExportNamesTheFolderAndTheDocumentInIt() throws {
        let vault = try CLIVault()
        let folder = vault.root + "/apple_health_export"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try Self.truncatedExport.write(toFile: folder + "/export.xml", atomically: true, encoding: .utf8)

        let result = try vault.run(["import", "apple-health", folder])
        #expect(result.status == 65, "exit \(result.status): \(result.stderr)")
        #expect(result.stderr.contains("\(folder): export.xml: line 5, column 2:"), "\(result.stderr)")
    }
}
