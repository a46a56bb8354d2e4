import Foundation

/// A ShareHealth column header, `Name [Qualifier] (unit)`: `Heart Rate [Avg] (count/min)`,
/// `Sleep Analysis [In Bed] (hr)`, `VO2 Max (ml/(kg*min))`, `Bedtime`.
struct ShareHealthHeader: Hashable {
    /// The header as written, trimmed.
    let text: String
    /// Everything before the unit: `Heart Rate [Avg]`.
    let label: String
    /// Everything before the qualifier: `Heart Rate`.
    let name: String
    /// The bracketed part: a statistic (`Min`, `Avg`, `Max`) or a sleep stage (`In Bed`).
    let qualifier: String?
    /// The unit in the last parentheses, which may themselves hold parentheses.
    let unit: String?

    init(_ header: String) {
        text = header.trimmingCharacters(in: .whitespaces)
        var rest = Substring(text)
        var unit: String?
        if rest.hasSuffix(")"), let open = Self.openingParenthesis(closingAtEndOf: rest) {
            unit = String(rest[rest.index(after: open)..<rest.index(before: rest.endIndex)])
            rest = rest[..<open]
        }
        label = rest.trimmingCharacters(in: .whitespaces)
        rest = Substring(label)
        var qualifier: String?
        if rest.hasSuffix("]"), let open = rest.lastIndex(of: "[") {
            qualifier = rest[rest.index(after: open)..<rest.index(before: rest.endIndex)].trimmingCharacters(in: .whitespaces)
            rest = rest[..<open]
        }
        name = rest.trimmingCharacters(in: .whitespaces)
        self.qualifier = qualifier
        self.unit = unit
    }

    /// The `(` that the final `)` closes, counting nested pairs.
    private static func openingParenthesis(closingAtEndOf text: Substring) -> Substring.Index? {
        var depth = 0
        var index = text.endIndex
        while index > text.startIndex {
            index = text.index(before: index)
            switch text[index] {
            case ")": depth += 1
            case "(":
                depth -= 1
                if depth == 0 { return index }
            default: break
            }
        }
        return nil
    }
}
