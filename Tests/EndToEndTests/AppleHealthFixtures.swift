import Foundation

/// The real exports from public projects (each with its LICENSE) kept beside the unit tests.
enum AppleHealthFixtures {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("HealthImportTests/Fixtures/apple-health").path

    static func path(_ relative: String) -> String { folder + "/" + relative }

    /// What an import must read from a document, counted here by regular expressions rather
    /// than by the importer's scanner: top-level elements by their `type`, or by element name
    /// when they have none; and the HRV records that carry beats. (Foundation's XMLParser
    /// would be the obvious independent reader, but it crashes on one of these DTDs.)
    struct Expected {
        var byType: [String: Int] = [:]
        var recordsWithBeats = 0
        var total: Int { byType.values.reduce(0, +) }
    }

    static func expected(xml path: String) throws -> Expected {
        var text = try String(contentsOfFile: path, encoding: .utf8)
        text = text.replacing(/<!DOCTYPE[\s\S]*?\]\s*>/, with: "").replacing(/<!--[\s\S]*?-->/, with: "").replacing(/<\?[\s\S]*?\?>/, with: "")
        var expected = Expected()
        var depth = 0
        var inRecord = false
        var recordHasBeats = false
        for match in text.matches(of: /<(\/?)([A-Za-z]+)((?:[^>"']|"[^"]*"|'[^']*')*?)(\/?)>/) {
            let (_, closing, name, attributes, selfClosing) = match.output
            if !closing.isEmpty {
                depth -= 1
                continue
            }
            depth += 1
            if depth == 2, name != "ExportDate" {
                let type = attributes.firstMatch(of: /\stype\s*=\s*"([^"]*)"/).map { String($0.output.1) }
                expected.byType[type ?? String(name), default: 0] += 1
                inRecord = name == "Record"
                recordHasBeats = false
            } else if depth > 2, inRecord, name == "InstantaneousBeatsPerMinute", !recordHasBeats {
                recordHasBeats = true
                expected.recordsWithBeats += 1
            }
            if !selfClosing.isEmpty { depth -= 1 }
        }
        return expected
    }
}
