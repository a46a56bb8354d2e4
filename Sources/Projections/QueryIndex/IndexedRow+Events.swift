import LedgerCore

extension IndexedRow {
    /// The row an event adds to the index; nil for kinds that are not rows of their own
    /// (amendments, activity stops, erasures).
    ///
    /// Fields are the payload's scalars by name, a nested map's as `parent_child`, and a
    /// list of strings joined by ", ". Long numeric arrays (ECG voltages, routes) are left out:
    /// the index holds what can be compared and aggregated, not signals.
    init?(_ event: Event, utcOffset: Int32? = nil) {
        self = .unfilled
        guard fill(from: event, utcOffset: utcOffset) else { return nil }
    }

    /// A row with nothing in it yet, for `fill(from:)`.
    static var unfilled: IndexedRow {
        IndexedRow(series: "", start: 0, end: 0, utcOffset: 0, idHigh: 0, idLow: 0, numbers: [], texts: [])
    }

    /// Makes this the row `event` adds, in place: the index folds millions of events, and
    /// reusing one row's field lists spares two allocations per event. False for kinds
    /// that are not rows. `utcOffset` is the offset the event was lived at, where its zone
    /// says more than its stored offset.
    mutating func fill(from event: Event, utcOffset livedOffset: Int32? = nil) -> Bool {
        switch event.kind {
        case .eventCorrected, .eventRetracted, .activityStopped, .subjectErased: return false
        default: break
        }
        (idHigh, idLow) = event.id.words
        start = event.start.micros
        end = max(start, event.end?.micros ?? start)
        utcOffset = livedOffset ?? event.utcOffset
        removeFields()
        texts.append(("source", event.source.name))
        if event.kind == .sampleRecorded || event.kind == .categoryRecorded, case .string(let type)? = event.payload["type"] {
            series = type
            collect(event.payload, prefix: "", skipping: Self.sampleFieldsNotIndexed)
        } else {
            series = Self.shortNames[event.kind] ?? event.kind.rawValue
            collect(event.payload, prefix: "", skipping: [])
            if event.kind == .workoutRecorded { fillWorkoutTotals(event) }
        }
        return true
    }

    /// A sample's type is its series; its metadata varies per device and is not queried.
    private static let sampleFieldsNotIndexed = ["type", "metadata"]

    private mutating func collect(_ document: Document, prefix: String, skipping: [String]) {
        for (name, value) in document.fields where !skipping.contains(name) {
            let field = prefix.isEmpty ? name : prefix + name
            switch value {
            case .double(let number): set(field, number: number)
            case .int(let number): set(field, number: Double(number))
            case .bool(let flag): set(field, number: flag ? 1 : 0)
            case .string(let text): set(field, text: text)
            case .map(let inner) where prefix.isEmpty: collect(inner, prefix: field + "_", skipping: [])
            case .array(let items):
                let strings = items.compactMap { item -> String? in if case .string(let text) = item { text } else { nil } }
                if !strings.isEmpty, strings.count == items.count { set(field, text: strings.joined(separator: ", ")) }
            default: break
            }
        }
    }
}
