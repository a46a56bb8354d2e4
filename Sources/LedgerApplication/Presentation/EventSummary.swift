public import LedgerCore

/// A one-line human summary of a payload: `rating=7 scaleMax=10 note='tired'`.
public enum EventSummary {
    public static func text(_ event: Event, width: Int = 90) -> String {
        var parts: [String] = []
        for field in event.payload.fields {
            parts.append("\(field.name)=\(describe(field.value))")
        }
        let line = parts.joined(separator: " ")
        return line.count > width ? String(line.prefix(width - 1)) + "…" : line
    }
}
