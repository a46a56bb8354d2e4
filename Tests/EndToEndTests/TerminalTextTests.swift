import Testing
import TestSupport

/// What the CLI prints passes through one escaping of control characters: printable ASCII is
/// printed as it is, every other control (C0 but tab and line feed, DEL, C1; NUL cannot reach a command's arguments) and every bidi
/// override is shown as `\u{…}`, whether the text is one line or a table of thousands.
struct TerminalTextTests {
    static let controls: [Unicode.Scalar] = ["\u{1B}", "\u{7F}", "\u{85}", "\u{9B}", "\u{202E}", "\u{1}", "\u{1F}"]

    @Test func controlsInANoteAreShownEscapedInLogAndInAQueryTable() throws {
        let vault = try CLIVault()
        let note = "calm " + Self.controls.map { String($0) }.joined(separator: " ") + " end"
        try vault.ok(["mood", "6", "--note", note])
        try vault.ok(["mood", "4", "--note", "plain ascii ~ note"])
        let logged = try vault.ok(["log"])
        let table = try vault.ok(["query", "mood"])
        for output in [logged, table] {
            #expect(!output.unicodeScalars.contains { Self.controls.contains($0) }, "\(output.debugDescription)")
            #expect(output.contains(#"\u{1B} \u{7F} \u{85} \u{9B} \u{202E} \u{1} \u{1F} end"#), "\(output)")
            #expect(output.contains("plain ascii ~ note"), "\(output)")
        }
    }
}
