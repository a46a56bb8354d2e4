import LedgerCore

extension IndexedRow {
    /// The row an event adds to the index; nil for kinds that are not rows of their own
    /// (amendments, activity stops, erasures).
    ///
    /// Fields are the payload's scalars by name, a nested map's as `parent_child`, and a
    /// list of strings joined by ", ". Long numeric arrays (ECG voltages, routes) are left out:
    /// the index holds what can be compared and aggregated, not signals.
    init?(_ event: Event) {
        switch event.kind {
        case .eventCorrected, .eventRetracted, .activityStopped, .subjectErased: return nil
        default: break
        }
        let (high, low) = DayRecord.idWords(event.id.bytes)
        let start = event.start.micros
        self.init(
            series: event.kind.rawValue, start: start, end: max(start, event.end?.micros ?? start), utcOffset: event.utcOffset,
            idHigh: high, idLow: low, numbers: [:], texts: ["source": event.source.name])
        if let short = Self.shortNames[event.kind] { series = short }
        if event.kind == .sampleRecorded || event.kind == .categoryRecorded, case .string(let type)? = event.payload["type"] {
            series = type
            collect(event.payload, prefix: "", skipping: ["type", "metadata"])
        } else {
            collect(event.payload, prefix: "", skipping: [])
        }
    }

    private mutating func collect(_ document: Document, prefix: String, skipping: Set<String>) {
        for (name, value) in document.fields where !skipping.contains(name) {
            let field = prefix + name
            switch value {
            case .double(let number): numbers[field] = number
            case .int(let number): numbers[field] = Double(number)
            case .bool(let flag): numbers[field] = flag ? 1 : 0
            case .string(let text): texts[field] = text
            case .map(let inner) where prefix.isEmpty: collect(inner, prefix: field + "_", skipping: [])
            case .array(let items):
                let strings = items.compactMap { item -> String? in if case .string(let text) = item { text } else { nil } }
                if !strings.isEmpty, strings.count == items.count { texts[field] = strings.joined(separator: ", ") }
            default: break
            }
        }
    }
}
