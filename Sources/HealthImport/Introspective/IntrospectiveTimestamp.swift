import Foundation
import LedgerCore

/// Introspective's timestamps: `DateFormatter` full date and time styles, which in US
/// English read `Saturday, April 4, 2020 at 5:18:00 PM Central European Summer Time`.
enum IntrospectiveTimestamp {
    static let formats = ["EEEE, MMMM d, y 'at' h:mm:ss a zzzz", "EEEE, MMMM d, y, h:mm:ss a zzzz", "EEEE, MMMM d, y 'at' h:mm:ss a z"]

    static func formatter(_ format: String, zone: TimeZone) -> DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = zone
        formatter.dateFormat = format
        return formatter
    }

    /// The instant a cell names; newer ICU puts narrow no-break spaces before AM/PM.
    static func parse(_ text: String) -> Timestamp? {
        let plain = text.replacingOccurrences(of: "\u{202F}", with: " ").replacingOccurrences(of: "\u{00A0}", with: " ")
        for format in formats {
            // Cannot fail: UTC is a zone every system knows
            if let date = formatter(format, zone: TimeZone(identifier: "UTC")!).date(from: plain) { return Timestamp(date) }
        }
        return nil
    }

    /// `instant` written as Introspective writes it, in `zone`.
    static func text(_ instant: Timestamp, zone: TimeZone) -> String {
        formatter(formats[0], zone: zone).string(from: Date(timeIntervalSince1970: instant.seconds))
    }

    /// The zone of an event: its IANA name when it has one, else its fixed offset.
    static func zone(of event: Event) -> TimeZone {
        // Cannot fail: UTC is a zone every system knows
        event.zone.flatMap(TimeZone.init(identifier:)) ?? TimeZone(secondsFromGMT: Int(event.utcOffset)) ?? TimeZone(identifier: "UTC")!
    }

    /// The offset in force at `instant` in the zone a `Time Zone` cell names (UTC when blank or unknown).
    static func offset(at instant: Timestamp, zoneName: String?) -> (Int32, String?) {
        guard let zoneName, let zone = TimeZone(identifier: zoneName) else { return (0, nil) }
        return (Int32(zone.secondsFromGMT(for: Date(timeIntervalSince1970: instant.seconds))), zoneName)
    }
}
