import Foundation
public import LedgerCore

/// Wellness's mood export, as Introspective imports it (its `WellnessMoodImporter`):
/// `Date,Time,Rating,Note,Health Entry Type`, the date `M/d/yy`, the time ` HH:mm` (the
/// app writes `4/4/18, 17:18`), the rating on Wellness's 1–7 scale.
public enum WellnessFormat {
    public static let source = Source(name: "Wellness")
    static let scale: ClosedRange<Double> = 1...7

    public static func file(_ path: String, clock: LocalClock, identity: ImportIdentity) -> CSVFileImport {
        CSVFileImport(file: path) { text, file, summary throws(ImportError) in
            try events(text, file: file, clock: clock, identity: identity, summary: &summary)
        }
    }

    static func events(_ text: String, file: String, clock: LocalClock, identity: ImportIdentity, summary: inout ImportSummary) throws(ImportError) -> [Event] {
        let table = try CSVTable(parsing: text, file: file)
        guard let header = table.rows.first else { throw .malformed(file, "the file is empty: Wellness's header row was expected") }
        let columns = CSVColumns(header: header, file: file)
        try columns.require(["Date", "Time", "Rating"], format: "Wellness")
        return try table.rows.dropFirst().map { (row) throws(ImportError) -> Event in
            let dateText = columns.cell(row, "Date") ?? "", timeText = columns.cell(row, "Time") ?? ""
            guard let (start, offset) = LocalDateText.instant(dateText + " " + timeText, clock: clock) else {
                throw .malformed(file, line: row.line, column: "Date", "'\(dateText), \(timeText)' is not a date and time like 4/4/18, 17:18")
            }
            guard let ratingText = columns.cell(row, "Rating"), let rating = Double(ratingText), scale.contains(rating) else {
                throw .malformed(file, line: row.line, column: "Rating", "'\(columns.cell(row, "Rating") ?? "")' is not a rating from 1 to 7")
            }
            summary.count(type: "mood.rated", source: source.name)
            let mood = MoodRated(rating: rating, scaleMin: scale.lowerBound, scaleMax: scale.upperBound, note: columns.cell(row, "Note"))
            return Event(mood, id: identity.id("wellness.mood", [dateText, timeText, ratingText]), start: start, utcOffset: offset, zone: clock.zone.identifier, source: source)
        }
    }
}
