public import LedgerCore
import Projections

/// One cell of an exported row.
public enum ExportValue: Sendable, Hashable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case instant(Timestamp, utcOffset: Int32)
    case day(LocalDay)

    static func optional(_ value: String?) -> ExportValue { value.map(ExportValue.text) ?? .null }
    static func optional(_ value: Double?) -> ExportValue { value.map(ExportValue.real) ?? .null }
    static func optional(_ value: Int?) -> ExportValue { value.map { .integer(Int64($0)) } ?? .null }

    /// A JSON object of `map`, or null when it is empty.
    static func json(_ map: [String: String]) -> ExportValue {
        guard !map.isEmpty else { return .null }
        var document = Document()
        for (key, value) in map.sorted(by: { $0.key < $1.key }) { document[key] = .string(value) }
        return .text(JSONWriter.string(document))
    }

    static func json(_ map: [String: Double]) -> ExportValue {
        guard !map.isEmpty else { return .null }
        var document = Document()
        for (key, value) in map.sorted(by: { $0.key < $1.key }) { document[key] = .double(value) }
        return .text(JSONWriter.string(document))
    }

    /// A JSON array of `list`, or null when it is empty.
    static func json(_ list: [String]) -> ExportValue {
        guard !list.isEmpty else { return .null }
        var text = ""
        JSONWriter.write(.array(list.map(DocValue.string)), into: &text)
        return .text(text)
    }
}
