import Foundation
import LedgerCore

extension QueryResult {
    /// Aligned columns for people: text left, numbers right, units in the header.
    public var table: String {
        let header = columns.map { column in column.title + (column.unit.map { " (\($0))" } ?? "") }
        let cells = rows.map { $0.map(Self.text) }
        let widths = header.indices.map { index in max(header[index].count, cells.map { $0[index].count }.max() ?? 0) }
        func line(_ values: [String], numeric: [Bool]) -> String {
            values.indices.map { index in
                let padding = String(repeating: " ", count: widths[index] - values[index].count)
                return numeric[index] ? padding + values[index] : values[index] + padding
            }.joined(separator: "  ").trimmingTrailingSpaces
        }
        let numeric = columns.indices.map { index in rows.contains { if case .number = $0[index] { true } else { false } } }
        let lines = [line(header, numeric: numeric)] + cells.map { line($0, numeric: numeric) }
        return lines.joined(separator: "\n") + "\n" + (rows.isEmpty ? "(no rows)\n" : "")
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
        case .number(let number): number == number.rounded() && abs(number) < 1e15 ? String(Int64(number)) : String(format: "%.2f", number)
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
    fileprivate var trimmingTrailingSpaces: String {
        var copy = self
        while copy.last == " " { copy.removeLast() }
        return copy
    }
}
