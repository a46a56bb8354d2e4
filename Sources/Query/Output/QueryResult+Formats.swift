import Foundation
import LedgerCore

extension QueryResult {
    /// Aligned columns for people: text left, numbers right, units in the header. Cells are
    /// escaped for the terminal (`TerminalText`) before they are measured, so that a control
    /// character shown as `\u{…}` widens its column rather than pushing its row out of line.
    public var table: String {
        let header = columns.map { column in TerminalText.escaped(column.title + (column.unit.map { " (\($0))" } ?? "")) }
        let cells = rows.map { $0.map { TerminalText.escaped(Self.text($0)) } }
        let headerWidths = header.map(\.count)
        let cellWidths = cells.map { $0.map(\.count) }
        let widths = headerWidths.indices.map { index in cellWidths.reduce(headerWidths[index]) { max($0, $1[index]) } }
        let numeric = columns.indices.map { index in rows.contains { if case .number = $0[index] { true } else { false } } }
        var table = ""
        func appendLine(_ values: [String], widths shown: [Int]) {
            var line = ""
            for index in values.indices {
                if index > 0 { line += "  " }
                let padding = String(repeating: " ", count: widths[index] - shown[index])
                if numeric[index] { line += padding + values[index] } else { line += values[index] + padding }
            }
            table += line.trimmingTrailingSpaces
            table += "\n"
        }
        appendLine(header, widths: headerWidths)
        for (values, shown) in zip(cells, cellWidths) { appendLine(values, widths: shown) }
        return table + (rows.isEmpty ? "(no rows)\n" : "")
    }

    /// RFC 4180 CSV with a header row; numbers in full precision.
    public var csv: String {
        let header = columns.map { Self.quoted($0.title + ($0.unit.map { " (\($0))" } ?? "")) }.joined(separator: ",")
        let lines = rows.map { row in
            row.map { value in
                switch value {
                case .number(let number): number == number.rounded() && abs(number) < 1e15 ? String(Int64(number)) : String(number)
                case .text(let text): Self.quoted(text)
                case .null: ""
                }
            }.joined(separator: ",")
        }
        return ([header] + lines).joined(separator: "\n") + "\n"
    }

    /// `{"columns":[{"title":…,"unit":…}],"rows":[{title: value…}]}`.
    public var json: String {
        let columnDocs: [DocValue] = columns.map { column in
            var document: Document = ["title": .string(column.title)]
            document.set("unit", column.unit.map(DocValue.string))
            return .map(document)
        }
        let rowDocs: [DocValue] = rows.map { row in
            .map(Document(zip(columns, row).map { column, value in
                switch value {
                case .number(let number): (column.title, .double(number))
                case .text(let text): (column.title, .string(text))
                case .null: (column.title, .null)
                }
            }))
        }
        return JSONWriter.string(["columns": .array(columnDocs), "rows": .array(rowDocs)]) + "\n"
    }

    public static func text(_ value: QueryValue) -> String {
        switch value {
        case .number(let number): number == number.rounded() && abs(number) < 1e15 ? String(Int64(number)) : TwoDecimals.text(number)
        // One line per row: a note's line breaks show as spaces.
        case .text(let text) where text.utf8.contains(UInt8(ascii: "\n")):
            text.replacingOccurrences(of: "\r\n", with: " ").replacingOccurrences(of: "\n", with: " ")
        case .text(let text): text
        case .null: "–"
        }
    }

    static func quoted(_ text: String) -> String { CSVField.quoted(text) }
}

extension String {
    fileprivate var trimmingTrailingSpaces: Substring {
        var end = utf8.endIndex
        while end > utf8.startIndex, utf8[utf8.index(before: end)] == UInt8(ascii: " ") { end = utf8.index(before: end) }
        return self[..<end]
    }
}
