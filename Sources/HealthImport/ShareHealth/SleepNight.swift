import LedgerCore

/// A day's sleep columns, stored as what they are: the night's summary, one event per
/// column at the day's midnight carrying the cell's number, never as samples at times.
///
/// A CSV gives hours per stage and, from ShareHealth 3.0 on, Bedtime and Wake Time; it
/// never gives the night's timeline, so no stage is placed at a time the file does not
/// state. The daily view reads each column back from its event (where the night has no
/// samples of its own). Without Bedtime/Wake Time the night has no times at all, and the
/// import summary says so.
struct SleepNight {
    static let type = "HKCategoryTypeIdentifierSleepAnalysis"

    private var cells: [(column: SleepColumn, header: ShareHealthHeader, text: String)] = []
    private var hasClock = false
    private var hasHours = false

    /// A cell of a `Sleep Analysis [...]` column with hours or a count, as written.
    mutating func add(_ column: SleepColumn, header: ShareHealthHeader, text: String) {
        cells.append((column, header, text))
        if case .clock = column { hasClock = true } else { hasHours = true }
    }

    func events(of day: ShareHealthDay, identity: ImportIdentity, summary: inout ImportSummary) -> [Event] {
        if hasHours, !hasClock {
            summary.note("sleep hours kept without bedtime or wake time: the file has no Bedtime/Wake Time columns to place the night")
        }
        return cells.map { cell in
            let payload = CategoryRecorded(type: Self.type, value: cell.column.categoryValue, metadata: [
                ShareHealthDay.columnKey: cell.header.text, ShareHealthDay.valueKey: cell.text,
            ])
            let id = identity.id("sharehealth.day", [day.source.name, day.date, Self.type, cell.header.text, cell.text])
            return day.event(payload, id: id, start: day.midnight, end: nil)
        }
    }
}
