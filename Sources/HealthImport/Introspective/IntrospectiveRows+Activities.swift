import Foundation
import LedgerCore

extension IntrospectiveRows {
    /// Each row is an activity with its definition's columns; a blank `End` is still running.
    func activities(summary: inout ImportSummary) throws(ImportError) -> [Event] {
        var events: [Event] = []
        var defined: Set<String> = []
        for row in table.rows.dropFirst() {
            guard let name = columns.cell(row, "Name") else { throw .malformed(file, line: row.line, column: "Name", "an activity needs its name") }
            guard let (start, offset, zone) = try instant(row, "Start", zone: "Start Time Zone") else {
                throw .malformed(file, line: row.line, column: "Start", "an activity needs its start")
            }
            let definitionTags = tags(row, "Definition Tags")
            if defined.insert(name).inserted {
                let definition = ActivityDefined(name: name, description: columns.cell(row, "Description"), tags: definitionTags)
                let source = source(row, "Definition Source")
                summary.count(type: "activity.defined", source: source.name)
                events.append(Event(definition, id: identity.id("introspective.activity", [name, JSONWriter.string(definition.document)]),
                                    start: start, utcOffset: offset, zone: zone, source: source))
            }
            let source = source(row, "Instance Source")
            let startedID = identity.id("introspective.start", [name, String(start.micros)])
            let instanceTags = ActivityStarted.instanceTags(definition: definitionTags, extra: tags(row, "Extra Tags"))
            events.append(Event(ActivityStarted(name: name, note: columns.cell(row, "Note"), tags: instanceTags), id: startedID,
                                start: start, utcOffset: offset, zone: zone, source: source))
            summary.count(type: "activity.started", source: source.name)
            guard let (end, endOffset, endZone) = try instant(row, "End", zone: "End Time Zone") else { continue }
            guard end >= start else { throw .malformed(file, line: row.line, column: "End", "the activity ends before it starts") }
            events.append(Event(ActivityStopped(name: name, startedBy: startedID), id: identity.id("introspective.stop", [name, String(start.micros), String(end.micros)]),
                                start: end, utcOffset: endOffset, zone: endZone, source: source))
            summary.count(type: "activity.stopped", source: source.name)
        }
        return events
    }

    func tags(_ row: CSVTable.Row, _ column: String) -> [String] {
        (columns.cell(row, column) ?? "").split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }
}
