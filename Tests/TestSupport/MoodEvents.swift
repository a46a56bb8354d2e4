import Foundation
public import LedgerCore

/// Mood events with ids `first + 1` on, as lines for `append --jsonl` or as events to append
/// in the test process: the same events either way.
public enum MoodEvents {
    /// JSONL of mood events with ids `first + 1` on, as the CLI's `append --jsonl` reads it.
    public static func lines(_ range: Range<Int>) -> String {
        range.map { String(format: #"{"id":"%032x","kind":"mood.rated","start":"2026-04-01T08:00:00+02:00","payload":{"rating":%d}}"#, $0 + 1, 1 + $0 % 10) }
            .joined(separator: "\n") + "\n"
    }

    /// The same mood events as `lines`, for appending in this process.
    public static func events(count: Int, first: Int) -> [Event] {
        (first..<(first + count)).map { index in
            Event(
                id: EventID(hex: String(format: "%032x", index + 1))!, kind: .moodRated, schema: PayloadCatalog.currentSchema(of: .moodRated),
                start: Timestamp(micros: 1_775_023_200_000_000), utcOffset: 7_200, source: .cli,
                payload: ["rating": .int(Int64(1 + index % 10)), "scaleMin": .int(1), "scaleMax": .int(10)])
        }
    }
}
