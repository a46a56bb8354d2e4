import Foundation
import LedgerCore

/// A field a condition or selection reads, resolved against its series.
enum FieldRef: Equatable {
    case number(String)
    case text(String)
    /// Local hour of the row's start, 0–23.
    case hour
    /// 1 = Monday … 7 = Sunday, local.
    case weekday
    /// Minutes from start to end.
    case duration
    /// Another daily-metric column, on the row's local day.
    case daily(String)

    var isText: Bool { if case .text = self { true } else { false } }

    static let derived: [String: FieldRef] = ["hour": .hour, "weekday": .weekday, "duration": .duration]
}

extension FieldRef {
    /// Resolves `name` among a series' fields: exact (ignoring case and underscores), then the
    /// derived fields, then a unique field ending in `_name` (`amount` → `dosage_amount`),
    /// then a daily-metric column.
    static func resolve(_ name: Name, numbers: Set<String>, texts: Set<String>, vocabulary: Vocabulary, series: String) throws(QueryError) -> FieldRef {
        func normal(_ text: String) -> String { text.lowercased().replacingOccurrences(of: "_", with: "") }
        let wanted = normal(name.text)
        if let number = numbers.first(where: { normal($0) == wanted }) { return .number(number) }
        if let text = texts.first(where: { normal($0) == wanted }) { return .text(text) }
        if let derived = derived[name.text.lowercased()] { return derived }
        let suffix = "_" + name.text.lowercased()
        let endings = numbers.filter { $0.lowercased().hasSuffix(suffix) }.map(FieldRef.number) + texts.filter { $0.lowercased().hasSuffix(suffix) }.map(FieldRef.text)
        if endings.count == 1 { return endings[0] }
        let key = name.text.lowercased().replacingOccurrences(of: ".", with: "_")
        if vocabulary.dailyKeys.contains(key) { return .daily(key) }
        let known = (numbers.union(texts).union(derived.keys)).sorted()
        throw QueryError("'\(name.text)' is not a field of \(series) (fields: \(known.joined(separator: ", ")))",
                         at: name.offset, length: name.text.count, suggestion: Nearest.word(to: name.text, in: known))
    }
}
