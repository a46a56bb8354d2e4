public import LedgerCore

extension IntrospectiveExport {
    /// One row per activity instance: its definition's columns, then its start, end and note.
    public static func activities(_ events: [Event]) -> String {
        var definitions: [String: (ActivityDefined, Event, Int)] = [:]
        for event in events where event.kind == .activityDefined {
            if let definition = try? event.decode(ActivityDefined.self) { definitions[definition.name] = (definition, event, definitions[definition.name]?.2 ?? definitions.count) }
        }
        let ordered = events.sorted { $0.start < $1.start }
        var instances: [(started: Event, payload: ActivityStarted, stopped: Event?)] = []
        for event in ordered {
            if event.kind == .activityStarted, let started = try? event.decode(ActivityStarted.self) {
                instances.append((event, started, nil))
            } else if event.kind == .activityStopped, let stop = try? event.decode(ActivityStopped.self) {
                // The instance the stop names, else the latest one of that name still open.
                let match = instances.lastIndex { instance in
                    instance.stopped == nil && (stop.startedBy.map { $0 == instance.started.id } ?? (instance.payload.name == stop.name))
                }
                if let match { instances[match].stopped = event }
            }
        }
        let rows = instances.map { instance -> [String] in
            let definition = definitions[instance.payload.name]
            let definitionCells = [instance.payload.name, definition?.0.description ?? "", (definition?.0.tags ?? []).joined(separator: "|"),
                                   definition.map { sourceName($0.1) } ?? "Introspective", "false", definition.map { String($0.2) } ?? ""]
            let start = IntrospectiveTimestamp.text(instance.started.start, zone: IntrospectiveTimestamp.zone(of: instance.started))
            let end = instance.stopped.map { IntrospectiveTimestamp.text($0.start, zone: IntrospectiveTimestamp.zone(of: $0)) } ?? ""
            return definitionCells + [start, "", instance.started.zone ?? "", "", end, "", instance.stopped?.zone ?? "", "", "",
                                      instance.payload.note ?? "", instance.payload.tags.filter { !(definition?.0.tags ?? []).contains($0) }.joined(separator: "|"), sourceName(instance.started)]
        }
        return csv(IntrospectiveColumns.activities, rows)
    }
}
