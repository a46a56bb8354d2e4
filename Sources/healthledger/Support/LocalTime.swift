import Foundation
import LedgerCore

/// Times and days as typed on the command line, read in this machine's zone (`TZ`) with the
/// offset that zone keeps on the date named, not today's: `--from 2026-07-01` in Paris in
/// winter is midnight at +02:00.
enum LocalTime {
    static func instant(_ text: String) throws(TimeParseError) -> Timestamp {
        try TimeExpression.resolve(text, now: .now(), zone: .current).timestamp
    }

    /// `2026-03-01` as written; `yesterday`, `7d ago` on the local day they fall in.
    static func day(_ text: String) throws(TimeParseError) -> LocalDay {
        if let day = LocalDay(iso: text) { return day }
        let zoned = try TimeExpression.resolve(text, now: .now(), zone: .current)
        return LocalDay(zoned.timestamp, utcOffset: zoned.utcOffset)
    }

    /// Today, in this machine's zone.
    static var today: LocalDay {
        let now = Timestamp.now()
        return LocalDay(now, utcOffset: LocalZone.current.offset(at: now))
    }

    /// An instant as a person reads it here: `2026-03-01 07:30` in this machine's zone.
    static func describe(_ instant: Timestamp) -> String {
        let whole = Timestamp(micros: instant.micros - instant.micros % 1_000_000)
        let text = whole.iso8601(utcOffset: LocalZone.current.offset(at: instant))
        return String(text.prefix(16)).replacingOccurrences(of: "T", with: " ")
    }
}
