import Foundation
public import LedgerCore

/// ATracker's CSV export of tasks, as Introspective imports it (its
/// `ATrackerActivityImporter`): `Task name, Task description, Start time, End time,
/// TimeDuration,TimeDuration in hours, Note, Tag`, times `yyyy-MM-dd HH:mm` local, an empty
/// end for a task still running.
public enum ATrackerFormat {
    public static let source = Source(name: "ATracker")

    public static func file(_ path: String, clock: LocalClock, identity: ImportIdentity) -> CSVFileImport {
        CSVFileImport(file: path) { text, file, summary throws(ImportError) in
            try events(text, file: file, clock: clock, identity: identity, summary: &summary)
        }
    }

    static func events(_ text: String, file: String, clock: LocalClock, identity: ImportIdentity, summary: inout ImportSummary) throws(ImportError) -> [Event] {
        let table = try CSVTable(parsing: text, file: file)
        guard let header = table.rows.first else { throw .malformed(file, "the file is empty: ATracker's header row was expected") }
        let columns = CSVColumns(header: header, file: file)
        try columns.require(["Task name", "Start time", "End time"], format: "ATracker")
        var events: [Event] = []
        var defined: Set<String> = []
        for row in table.rows.dropFirst() {
            guard let name = columns.cell(row, "Task name") else {
                summary.skip("a task without a name", at: "\(file):\(row.line)")
                continue
            }
            guard let startText = columns.cell(row, "Start time"), let (start, offset) = LocalDateText.instant(startText, clock: clock) else {
                throw .malformed(file, line: row.line, column: "Start time", "'\(columns.cell(row, "Start time") ?? "")' is not a time like 2017-11-27 20:21")
            }
            // ATracker joins a task's tags with `|`: `Health|Sport` is two tags.
            let tags = (columns.cell(row, "Tag") ?? "").split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            if defined.insert(name).inserted {
                let definition = ActivityDefined(name: name, description: columns.cell(row, "Task description"), tags: tags)
                events.append(Event(definition, id: identity.id("atracker.definition", [name, JSONWriter.string(definition.document)]), start: start, utcOffset: offset, zone: clock.zone.identifier, source: source))
                summary.count(type: "activity.defined", source: source.name)
            }
            let startedID = identity.id("atracker.start", [name, startText])
            events.append(Event(ActivityStarted(name: name, note: columns.cell(row, "Note"), tags: tags), id: startedID, start: start, utcOffset: offset, zone: clock.zone.identifier, source: source))
            summary.count(type: "activity.started", source: source.name)
            guard let endText = columns.cell(row, "End time") else { continue }
            guard let (end, endOffset) = LocalDateText.instant(endText, clock: clock), end >= start else {
                throw .malformed(file, line: row.line, column: "End time", "'\(endText)' is not a time like 2017-11-27 21:19 at or after the start")
            }
            events.append(Event(ActivityStopped(name: name, startedBy: startedID), id: identity.id("atracker.stop", [name, startText, endText]),
                                start: end, utcOffset: endOffset, zone: clock.zone.identifier, source: source))
            summary.count(type: "activity.stopped", source: source.name)
        }
        return events
    }
}
