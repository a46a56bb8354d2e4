import Foundation
public import LedgerCore

/// Introspective's own CSV exports — moods, medication dosage history, activities — as its
/// `Introspective…Importer`s read them: columns by header name (see `IntrospectiveColumns`),
/// timestamps in full date and time style with the IANA zone beside them, tags joined by `|`.
///
/// Introspective writes one cell fewer than its dose header names (its medication rows leave
/// out `Record Screen Index`); such rows are read with that cell taken as blank.
public enum IntrospectiveFormat {
    public static let source = Source(name: "Introspective")

    public static func file(_ path: String, identity: ImportIdentity) -> CSVFileImport {
        CSVFileImport(file: path) { text, file, summary throws(ImportError) in
            let table = try CSVTable(parsing: text, file: file)
            guard let header = table.rows.first else { throw .malformed(file, "the file is empty: an Introspective header row was expected") }
            let names = header.cells.map { $0.trimmingCharacters(in: .whitespaces) }
            let reader = IntrospectiveRows(table: table, header: header, file: file, identity: identity)
            if names == IntrospectiveColumns.moods { return try reader.moods(summary: &summary) }
            if names == IntrospectiveColumns.doses { return try reader.doses(summary: &summary) }
            if names == IntrospectiveColumns.activities { return try reader.activities(summary: &summary) }
            throw .malformed(file, line: 1, "this is not an Introspective export of moods, medication doses or activities (the header is '\(names.joined(separator: ","))')")
        }
    }
}

/// The rows of one Introspective export, turned into events.
struct IntrospectiveRows {
    let table: CSVTable
    let columns: CSVColumns
    let file: String
    let identity: ImportIdentity

    init(table: CSVTable, header: CSVTable.Row, file: String, identity: ImportIdentity) {
        self.table = table
        columns = CSVColumns(header: header, file: file)
        self.file = file
        self.identity = identity
    }

    func source(_ row: CSVTable.Row, _ column: String) -> Source {
        columns.cell(row, column).map { Source(name: $0) } ?? IntrospectiveFormat.source
    }

    func instant(_ row: CSVTable.Row, _ column: String, zone: String) throws(ImportError) -> (Timestamp, Int32, String?)? {
        guard let text = columns.cell(row, column) else { return nil }
        guard let instant = IntrospectiveTimestamp.parse(text) else {
            throw .malformed(file, line: row.line, column: column, "'\(text)' is not a date like 'Saturday, April 4, 2020 at 5:18:00 PM Central European Summer Time'")
        }
        let (offset, name) = IntrospectiveTimestamp.offset(at: instant, zoneName: columns.cell(row, zone))
        return (instant, offset, name)
    }

    func number(_ row: CSVTable.Row, _ column: String) throws(ImportError) -> Double {
        guard let text = columns.cell(row, column), let value = Double(text) else {
            throw .malformed(file, line: row.line, column: column, "'\(columns.cell(row, column) ?? "")' is not a number")
        }
        return value
    }

    func moods(summary: inout ImportSummary) throws(ImportError) -> [Event] {
        try table.rows.dropFirst().map { (row) throws(ImportError) -> Event in
            guard let (start, offset, zone) = try instant(row, "Timestamp", zone: "Time Zone") else {
                throw .malformed(file, line: row.line, column: "Timestamp", "a mood needs its time")
            }
            let mood = MoodRated(rating: try number(row, "Rating"), scaleMin: try number(row, "Minimum Allowed Rating"),
                                 scaleMax: try number(row, "Maximum Allowed Rating"), note: columns.cell(row, "Note"))
            do { _ = try mood.validated() } catch { throw .malformed(file, line: row.line, column: "Rating", "\(error)") }
            let source = source(row, "Source")
            summary.count(type: "mood.rated", source: source.name)
            return Event(mood, id: identity.id("introspective.mood", [String(start.micros), String(mood.rating)]), start: start, utcOffset: offset, zone: zone, source: source)
        }
    }
}
