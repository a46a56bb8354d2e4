import LedgerCore

/// The rows of a CSV file whose layout this version does not read (the app's route and
/// per-workout files): each row is kept whole as `exportElement.recorded`, noted as unmapped
/// and counted, rather than the file refused, so that a synced folder goes on importing and a
/// later version can replay the rows into typed events.
///
/// One event per row rather than one per file: a row is what a later version turns into a
/// typed event (a route's location, a minute's reading), each row has its own time, and a file
/// the app grows adds events for its new rows instead of replacing one event holding them all.
extension HealthAutoExportFile {
    static let unreadCSVElement = "HealthAutoExport.csv"
    /// The attribute naming the file a kept row came from; the header's titles are the others.
    static let unreadCSVFileAttribute = "HealthAutoExportFile"

    /// Rows one kept file may have: a route written every second for a day is fewer.
    static let maximumUnreadCSVRows = 100_000
    /// Columns one kept file may have, and bytes one of its cells may have: the app writes
    /// numbers, times and names, and each row is one event.
    static let maximumUnreadCSVColumns = 1_000
    static let maximumUnreadCSVCellBytes = 4_096

    /// What a note on a row that cannot be kept ends with.
    static let notStoredCSVRow = "not stored: a row of a CSV layout this version does not read is kept only at a cell that is a date and time (2024-03-10 08:00:00)"

    /// The note that counts the kept rows of `file`.
    static func unreadCSVNote(_ file: String, reason: String) -> String {
        "\(file): a CSV layout this version does not read (\(reason)): kept whole as exportElement.recorded (unmapped)"
    }

    /// Each row of `layout` with a time, kept whole; the file's bounds are checked before any is made.
    func unreadRows(_ layout: HealthAutoExportCSV.UnreadLayout, summary: inout ImportSummary) throws(ImportError) -> [Event] {
        try checkBounds(layout)
        let file = String(path.split(separator: "/").last ?? Substring(path))
        let reader = HealthAutoExportCSV(path: path, clock: clock)
        let names = Self.attributeNames(layout.header)
        var rowsAt: [Int64: Int] = [:]
        var events: [Event] = []
        for row in layout.rows {
            guard let (start, offset, _) = reader.firstTime(in: row) else {
                summary.note("\(file): a row \(Self.notStoredCSVRow)")
                continue
            }
            var attributes = [Self.unreadCSVFileAttribute: file]
            for (column, cell) in row.cells.enumerated() where !cell.isEmpty {
                attributes[column < names.count ? names[column] : Self.columnName(column)] = cell
            }
            // Which file, when, and which row of that time: never what the row measured, so a
            // re-sent or grown file finds its rows again, and a row re-sent with other values
            // corrects the one held, as a re-sent bucket does.
            let occurrence = rowsAt[start.micros, default: 0]
            rowsAt[start.micros] = occurrence + 1
            let id = identity.id(Self.idNamespace, ["unreadCSV", file, String(start.micros), String(occurrence)])
            summary.note(Self.unreadCSVNote(file, reason: layout.reason))
            summary.count(type: "HealthAutoExport:csv", source: source.name)
            let payload = ExportElementRecorded(element: Self.unreadCSVElement, attributes: attributes)
            events.append(Event(payload, id: id, start: start, utcOffset: offset, source: source))
        }
        return events
    }

    private func checkBounds(_ layout: HealthAutoExportCSV.UnreadLayout) throws(ImportError) {
        guard layout.rows.count <= Self.maximumUnreadCSVRows else {
            throw .malformed(path, "more than \(Self.maximumUnreadCSVRows) rows in a CSV layout this version does not read; export a shorter window")
        }
        for row in [CSVTable.Row(line: 1, cells: layout.header)] + layout.rows {
            guard row.cells.count <= Self.maximumUnreadCSVColumns else {
                throw .malformed(path, line: row.line, "more than \(Self.maximumUnreadCSVColumns) columns in a CSV layout this version does not read")
            }
            for cell in row.cells where cell.utf8.count > Self.maximumUnreadCSVCellBytes {
                throw .malformed(path, line: row.line, "a cell of more than \(Self.maximumUnreadCSVCellBytes) bytes ('\(cell.prefix(40))…') in a CSV layout this version does not read")
            }
        }
    }

    /// Each column's attribute: its title, or `column N` for one untitled or titled as an
    /// earlier column, the file attribute or the delivery stamp is, so that no cell
    /// overwrites another and no stamp a cell.
    static func attributeNames(_ header: [String]) -> [String] {
        var taken: Set<String> = [unreadCSVFileAttribute, HealthAutoExportDeliveryStamp.key]
        return header.enumerated().map { column, title in
            let first = title.isEmpty || taken.contains(title) ? columnName(column) : title
            var name = first
            var repeated = 1
            while taken.contains(name) {
                repeated += 1
                name = "\(first) #\(repeated)"
            }
            taken.insert(name)
            return name
        }
    }

    /// `column 3` for the third column.
    static func columnName(_ column: Int) -> String { "column \(column + 1)" }
}
