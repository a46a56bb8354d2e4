import Foundation
import Testing
import TestSupport

/// An import reads only files inside the export or folder the person named (issue 40,
/// case 1). Before, a clinical record's `resourceFilePath` climbing out with `..`, or a
/// symbolic link in the folder, brought any file the person may read into the vault (and
/// from there into every bundle), with exit 0.
@Suite struct ContainedImportTests {
    static let secret = "SECRET-OUTSIDE-THE-EXPORT token=hunter2"

    /// A vault and a secret file beside the folders the tests import from.
    static func scene() throws -> (vault: CLIVault, secretFile: String) {
        let vault = try CLIVault()
        let secretFile = vault.root + "/secret.txt"
        try secret.write(toFile: secretFile, atomically: true, encoding: .utf8)
        return (vault, secretFile)
    }

    static func clinicalRecord(_ identifier: String, resource: String) -> String {
        #"<ClinicalRecord type="HKClinicalTypeIdentifierLabResultRecord" identifier="\#(identifier)" sourceName="Clinic" "#
            + #"fhirVersion="4.0.1" receivedDate="2026-02-01 10:00:00 +0100" resourceFilePath="\#(resource)"/>"#
    }

    @Test func aClinicalRecordsResourceOutsideTheExportIsRefusedAndNotRead() throws {
        let (vault, secretFile) = try Self.scene()
        let export = vault.root + "/apple_health_export"
        try FileManager.default.createDirectory(atPath: export + "/clinical-records", withIntermediateDirectories: true)
        try #"{"resourceType":"Observation","id":"inside"}"#.write(toFile: export + "/clinical-records/inside.json", atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: export + "/clinical-records/linked.json", withDestinationPath: secretFile)
        let document = """
            <?xml version="1.0" encoding="UTF-8"?>
            <HealthData locale="en_US">
             <ExportDate value="2026-03-01 10:00:00 +0100"/>
             \(Self.clinicalRecord("climbs", resource: "/../secret.txt"))
             \(Self.clinicalRecord("linked", resource: "/clinical-records/linked.json"))
             \(Self.clinicalRecord("inside", resource: "/clinical-records/inside.json"))
            </HealthData>
            """
        try document.write(toFile: export + "/export.xml", atomically: true, encoding: .utf8)

        for input in [export, export + "/export.xml"] {
            let output = try vault.ok(["import", "apple-health", input])
            #expect(output.contains("/../secret.txt refused: its path climbs out of the export with '..'"), "\(output)")
            #expect(output.contains("/clinical-records/linked.json refused: clinical-records/linked.json is a symbolic link"), "\(output)")
        }
        let stored = try vault.ok(["log", "--raw", "--json"])
        #expect(!stored.contains("hunter2"), "the secret's bytes are nowhere in the vault")
        #expect(stored.contains("\\\"id\\\":\\\"inside\\\"") || stored.contains(#""id":"inside""#), "a resource inside the export is still read")
    }

    @Test func aSymbolicLinkInAFacesFolderIsRefusedNamingIt() throws {
        let (vault, secretFile) = try Self.scene()
        let folder = vault.root + "/faces"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let fixture = ImportTests.fixtures + "/faces/flat/Face-2024-03-16_081500.json"
        try FileManager.default.copyItem(atPath: fixture, toPath: folder + "/Face-2024-03-16_081500.json")
        try FileManager.default.createSymbolicLink(atPath: folder + "/Face-2024-03-16_081500.jpg", withDestinationPath: secretFile)

        let result = try vault.run(["import", "faces", folder, "--zone", "Europe/Paris"])
        #expect(result.status != 0)
        #expect(result.stderr.contains("\(folder)/Face-2024-03-16_081500.jpg"), "\(result.stderr)")
        #expect(result.stderr.contains("symbolic link"), "\(result.stderr)")
        #expect(try vault.rawEvents().isEmpty, "nothing imported")
    }

    /// An attachment is read whole into memory, so one larger than any real route or record
    /// (here a sparse file of 129 MiB) is refused and named rather than held.
    @Test func anAttachmentLargerThanAnyRouteOrRecordIsRefusedNotHeld() throws {
        let (vault, _) = try Self.scene()
        let export = vault.root + "/apple_health_export"
        try FileManager.default.createDirectory(atPath: export + "/clinical-records", withIntermediateDirectories: true)
        let huge = try #require(FileHandle(forWritingAtPath: {
            FileManager.default.createFile(atPath: export + "/clinical-records/huge.json", contents: nil)
            return export + "/clinical-records/huge.json"
        }()))
        try huge.truncate(atOffset: 129 << 20)
        try huge.close()
        let document = """
            <?xml version="1.0" encoding="UTF-8"?>
            <HealthData locale="en_US">
             <ExportDate value="2026-03-01 10:00:00 +0100"/>
             \(Self.clinicalRecord("huge", resource: "/clinical-records/huge.json"))
            </HealthData>
            """
        try document.write(toFile: export + "/export.xml", atomically: true, encoding: .utf8)
        let output = try vault.ok(["import", "apple-health", export])
        #expect(output.contains("/clinical-records/huge.json refused: it holds more than 128 MiB"), "\(output)")
    }
}
