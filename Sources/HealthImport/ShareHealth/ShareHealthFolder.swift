import Foundation
public import LedgerCore
public import LedgerStore

/// A folder of ShareHealth daily CSVs, `YYYY/MM/HealthMetrics-YYYY-MM-DD.csv`: a header
/// row of `Name [Statistic] (unit)` columns and a data row per day.
///
/// Lenient where exports vary: columns in any order, columns it does not know (counted as
/// skipped), blank or missing trailing cells, several data rows in one file. Strict where a
/// value would otherwise be guessed: a cell that is not a number, a bad date or a row
/// longer than the header stops the import naming file, line and column.
public struct ShareHealthFolder: ImportSource {
    public let directory: String
    let clock: LocalClock
    let identity: ImportIdentity

    public static let source = Source(name: "ShareHealth")

    public init(directory: String, clock: LocalClock, identity: ImportIdentity) {
        self.directory = directory
        self.clock = clock
        self.identity = identity
    }

    public func units() throws(ImportError) -> [String] {
        let files = try FolderScan.files(under: directory) { $0.hasPrefix("HealthMetrics-") && $0.hasSuffix(".csv") }
        guard !files.isEmpty else {
            throw .missing(directory, "no HealthMetrics-*.csv files in it (ShareHealth writes YYYY/MM/HealthMetrics-YYYY-MM-DD.csv)")
        }
        return files
    }

    public func path(of file: String) -> String { file }

    public func events(of file: String, summary: inout ImportSummary, ledger: Ledger?) throws -> [Event] {
        var events: [Event] = []
        for day in try days(in: file, summary: &summary) {
            events += try day.events(identity: identity, summary: &summary)
        }
        return events
    }

    /// The file's data rows as days.
    func days(in file: String, summary: inout ImportSummary) throws(ImportError) -> [ShareHealthDay] {
        try days(parsing: FolderScan.text(of: file), file: file, summary: &summary)
    }

    /// The data rows of `text`, the contents of `file`, as days.
    func days(parsing text: String, file: String, summary: inout ImportSummary) throws(ImportError) -> [ShareHealthDay] {
        let table = try CSVTable(parsing: text, file: file)
        guard let header = table.rows.first else { throw .malformed(file, "the file is empty: a header row was expected") }
        let headers = header.cells.map(ShareHealthHeader.init)
        let dateColumn = headers.firstIndex { $0.text == "Date/Time" || $0.text == "Date" }
        let nameDate = Self.date(inFileName: file)
        guard dateColumn != nil || nameDate != nil else {
            throw .malformed(file, line: header.line, "no Date/Time column, and no date in the file name")
        }
        var days: [ShareHealthDay] = []
        for row in table.rows.dropFirst() {
            guard row.cells.count <= headers.count else {
                throw .malformed(file, line: row.line, "\(row.cells.count) cells, but the header names \(headers.count) columns")
            }
            var dayNumber = nameDate
            if let dateColumn, dateColumn < row.cells.count, !row.cells[dateColumn].trimmingCharacters(in: .whitespaces).isEmpty {
                let cell = row.cells[dateColumn].trimmingCharacters(in: .whitespaces)
                guard let parsed = ISO8601.days(String(cell.prefix(10))) else {
                    throw .malformed(file, line: row.line, column: headers[dateColumn].text, "'\(cell)' is not a date like 2024-01-15")
                }
                dayNumber = parsed
            }
            guard let dayNumber else {
                throw .malformed(file, line: row.line, column: "Date/Time", "the date is blank and the file name holds none")
            }
            var day = ShareHealthDay(day: dayNumber, utcOffset: clock.utcOffset(day: dayNumber), source: Self.source, file: file, line: row.line)
            for (index, text) in row.cells.enumerated() where index != dateColumn {
                try day.add(headers[index], text: text, summary: &summary)
            }
            days.append(day)
        }
        return days
    }

    /// The date in `HealthMetrics-YYYY-MM-DD.csv`.
    static func date(inFileName path: String) -> Int64? {
        let name = (path as NSString).lastPathComponent
        guard name.hasPrefix("HealthMetrics-"), name.hasSuffix(".csv") else { return nil }
        return ISO8601.days(String(name.dropFirst("HealthMetrics-".count).dropLast(".csv".count)))
    }
}
