import Foundation

/// One text cell of a CSV file the product writes. A spreadsheet runs a cell that starts with
/// `=`, `+`, `-` or `@` (or a tab or carriage return before one) as a formula, and a note or a
/// name can come from anyone: a shared link, an imported export. Such a cell gets a leading
/// `'`, which spreadsheets show as text, as OWASP's "CSV Injection" page advises; a plain
/// number (`-3.5`) is left as it is, since it runs as nothing but itself.
public enum CSVField {
    /// `text` with a formula's leading character neutralised.
    public static func neutralised(_ text: String) -> String {
        guard let first = text.unicodeScalars.first, "=+-@\t\r".unicodeScalars.contains(first), !isPlainNumber(text) else { return text }
        return "'" + text
    }

    /// `text` neutralised, then quoted the RFC 4180 way when it holds a comma, a quote or a line break.
    public static func quoted(_ text: String) -> String {
        let safe = neutralised(text)
        return safe.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" })
            ? "\"" + safe.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : safe
    }

    /// `-12`, `+3.5`, `-1e-3`: a sign, digits, at most one point, an optional exponent; nothing a spreadsheet evaluates.
    static func isPlainNumber(_ text: String) -> Bool {
        text.wholeMatch(of: /[+-]?[0-9]+(\.[0-9]+)?([eE][+-]?[0-9]+)?/) != nil
    }
}
