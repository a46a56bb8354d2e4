import Foundation
import Testing
import TestSupport

@Suite struct KindsCLITests {
    @Test func everyKindIsListedWholeWithItsSchemaInOneColumn() throws {
        let listed = try CLI.run(["kinds", "--json"])
        #expect(listed.status == 0, "\(listed.stderr)")
        let kinds = listed.stdout.split(separator: "\n").compactMap { line in
            (try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["kind"] as? String
        }
        #expect(kinds.contains("visionPrescription.recorded"))
        let table = try CLI.run(["kinds"])
        let lines = table.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == kinds.count)
        for (kind, line) in zip(kinds, lines) { #expect(line.hasPrefix(kind + " "), "\(kind) in '\(line)'") }
        let columns = Set(lines.compactMap { $0.range(of: " schema ")?.lowerBound.utf16Offset(in: $0) })
        #expect(columns.count == 1, "the schema column starts at one place: \(columns)")
    }
}
