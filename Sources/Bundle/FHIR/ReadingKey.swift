import LedgerCore

/// When and by what a blood-pressure reading was taken: its two halves share it.
struct ReadingKey: Hashable, Comparable {
    let start: Int64
    let end: Int64
    let source: String

    init(_ event: Event) {
        start = event.start.micros
        end = (event.end ?? event.start).micros
        source = event.source.name
    }

    static func < (lhs: ReadingKey, rhs: ReadingKey) -> Bool { (lhs.start, lhs.end, lhs.source) < (rhs.start, rhs.end, rhs.source) }
}
