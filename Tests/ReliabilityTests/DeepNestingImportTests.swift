import Foundation
import Testing
import TestSupport

/// An export whose elements nest tens of thousands deep stops the import with a message
/// naming where, instead of overflowing the stack (before: SIGSEGV, exit 139, no message).
@Suite struct DeepNestingImportTests {
    static let depth = 50_000

    @Test func elementsNested50000DeepAreRefusedWithTheirLineAndColumn() throws {
        let vault = try CLIVault()
        let export = vault.root + "/export.xml"
        let header = """
            <?xml version="1.0" encoding="UTF-8"?>
            <HealthData locale="en_US">
             <ExportDate value="2026-04-01 08:00:00 +0200"/>
             <Record type="HKQuantityTypeIdentifierHeartRate" sourceName="Watch" unit="count/min" startDate="2026-04-01 08:00:00 +0200" endDate="2026-04-01 08:00:00 +0200" value="61"/>

            """
        // An unknown element is captured whole, children and all, and stored as a generic event.
        let nested = " <Unknown startDate=\"2026-04-01 09:00:00 +0200\">" + String(repeating: "<a>", count: Self.depth)
            + String(repeating: "</a>", count: Self.depth) + "</Unknown>\n</HealthData>\n"
        try (header + nested).write(toFile: export, atomically: true, encoding: .utf8)

        let result = try vault.run(["import", "apple-health", export])
        #expect(result.status == 65, "exit \(result.status): \(result.stderr)")
        // <HealthData> is level 1 and <Unknown> level 2, so the 255th <a> is the first past
        // level 256; the line starts with the 48 bytes of the <Unknown> tag, then 3 per <a>.
        let column = 48 + 3 * 254 + 1
        #expect(result.stderr.contains("line 5, column \(column)"), "\(result.stderr)")
        #expect(result.stderr.contains("nested 257 elements deep, deeper than the 256"), "\(result.stderr)")
        #expect(!result.stderr.contains("crashed"))
        // What was read before it stays, and the vault is whole.
        #expect(try vault.rawEvents().count == 1)
        #expect(try vault.run(["audit"]).status == 0)
    }
}
