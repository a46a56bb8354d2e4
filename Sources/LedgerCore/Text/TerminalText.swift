/// Text from outside (a share link's name, an imported note, a file's line) made safe to
/// show in a terminal: a control character (ESC, OSC's BEL, CR, C1's CSI…) would otherwise
/// be obeyed by the terminal, not shown, and could retitle the window, rewrite the line
/// above (a key fingerprint) or hide what follows; a bidirectional override could reorder it.
/// Each such character is shown as `\u{1B}` instead. Newline and tab are left as they are:
/// the CLI's own multi-line output and tab-separated columns use them.
public enum TerminalText {
    public static func escaped(_ text: String) -> String {
        // Printable ASCII, line breaks and tabs need nothing: only a text with another byte
        // is looked at scalar by scalar (a query's table can be thousands of lines).
        guard text.utf8.contains(where: { ($0 < 0x20 && $0 != 0x0A && $0 != 0x09) || $0 >= 0x7F }) else { return text }
        guard text.unicodeScalars.contains(where: needsEscape) else { return text }
        var shown = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if needsEscape(scalar) {
                shown.append(contentsOf: "\\u{\(String(scalar.value, radix: 16, uppercase: true))}".unicodeScalars)
            } else {
                shown.append(scalar)
            }
        }
        return String(shown)
    }

    public static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        if scalar == "\n" || scalar == "\t" { return false }
        if scalar.properties.generalCategory == .control { return true }
        // Embeddings, overrides and isolates (U+202A…U+202E, U+2066…U+2069).
        return (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
    }
}
