/// Reads ISO 8601 date-times and the variants Apple Health exports write.
///
/// Accepted: `2026-03-01T07:30:00+01:00`, `…Z`, fractional seconds (to microseconds),
/// a space instead of `T`, `2026-03-01 07:30:00 +0100` (Apple Health), seconds left out
/// (`07:30`), and a date alone (`2026-03-01`, local midnight). Text without an offset is
/// local time at the offset the caller gives.
public enum ISO8601 {
    public static func parse(_ text: String, localOffset: Int32) throws(TimeParseError) -> (timestamp: Timestamp, utcOffset: Int32) {
        try parse(text, zone: .fixed(localOffset))
    }

    /// The same, reading text without an offset in `zone`, at the offset in force on its date.
    public static func parse(_ text: String, zone: LocalZone) throws(TimeParseError) -> (timestamp: Timestamp, utcOffset: Int32) {
        let (local, written) = try wallClock(text)
        guard let written else { return zone.instant(localMicros: local) }
        return (Timestamp(micros: local - Int64(written) * 1_000_000), written)
    }

    /// The wall-clock reading in microseconds, and the offset when the text writes one.
    static func wallClock(_ text: String) throws(TimeParseError) -> (localMicros: Int64, utcOffset: Int32?) {
        var scanner = Scanner(text)
        guard let days = scanner.date() else { throw TimeParseError(text: text, reason: "does not start with a date like 2026-03-01") }
        var secondOfDay: Int64 = 0
        var micros: Int64 = 0
        var utcOffset: Int32?
        if scanner.skip("T") || (scanner.peek == UInt8(ascii: " ") && scanner.peekDigit(at: 1)) {
            if scanner.peek == UInt8(ascii: " ") { scanner.offset += 1 }
            guard let time = scanner.time() else {
                throw TimeParseError(text: text, reason: "has a time that is not HH:MM or HH:MM:SS within a day")
            }
            (secondOfDay, micros) = time
            scanner.skipSpaces()
            if !scanner.isAtEnd {
                guard let offset = scanner.zoneOffset() else {
                    throw TimeParseError(text: text, reason: "has an offset that is not Z, +HH:MM or +HHMM")
                }
                utcOffset = offset
            }
        }
        guard scanner.isAtEnd else { throw TimeParseError(text: text, reason: "has unexpected text after the date and time") }
        return ((days * 86_400 + secondOfDay) * 1_000_000 + micros, utcOffset)
    }

    /// Days since 1970-01-01 of a `YYYY-MM-DD` date, or nil when it is not a real date.
    public static func days(_ text: String) -> Int64? {
        var scanner = Scanner(text)
        guard let days = scanner.date(), scanner.isAtEnd else { return nil }
        return days
    }

    /// A cursor over the UTF-8 of the text; every reader returns nil without throwing.
    struct Scanner {
        let bytes: [UInt8]
        var offset = 0

        init(_ text: String) { bytes = Array(text.utf8) }

        var isAtEnd: Bool { offset >= bytes.count }
        var peek: UInt8? { offset < bytes.count ? bytes[offset] : nil }

        func peekDigit(at distance: Int) -> Bool {
            offset + distance < bytes.count && (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[offset + distance])
        }

        mutating func skip(_ char: Unicode.Scalar) -> Bool {
            guard peek == UInt8(ascii: char) else { return false }
            offset += 1
            return true
        }

        mutating func skipSpaces() { while peek == UInt8(ascii: " ") { offset += 1 } }

        /// Exactly `count` decimal digits.
        mutating func digits(_ count: Int) -> Int64? {
            var value: Int64 = 0
            for _ in 0..<count {
                guard peekDigit(at: 0) else { return nil }
                value = value * 10 + Int64(bytes[offset] - UInt8(ascii: "0"))
                offset += 1
            }
            return value
        }

        mutating func date() -> Int64? {
            guard let year = digits(4), skip("-"), let month = digits(2), skip("-"), let day = digits(2),
                  (1...12).contains(month), (1...CivilDate.daysIn(month: month, year: year)).contains(day)
            else { return nil }
            return CivilDate.toDays(year: year, month: month, day: day)
        }

        /// `HH:MM[:SS[.fraction]]` as seconds of the day and the sub-second microseconds.
        mutating func time() -> (Int64, Int64)? {
            guard let hour = digits(2), hour < 24, skip(":"), let minute = digits(2), minute < 60 else { return nil }
            var second: Int64 = 0
            var micros: Int64 = 0
            if skip(":") {
                guard let value = digits(2), value < 60 else { return nil }
                second = value
                if skip(".") || skip(",") {
                    guard peekDigit(at: 0) else { return nil }
                    var scale: Int64 = 100_000
                    // Digits past microseconds are read and dropped: the ledger keeps microseconds.
                    while peekDigit(at: 0) {
                        micros += Int64(bytes[offset] - UInt8(ascii: "0")) * scale
                        scale /= 10
                        offset += 1
                    }
                }
            }
            return (hour * 3600 + minute * 60 + second, micros)
        }

        /// `Z`, `±HH:MM`, `±HHMM` or `±HH`, in seconds east of UTC.
        mutating func zoneOffset() -> Int32? {
            if skip("Z") || skip("z") { return 0 }
            let sign: Int32
            if skip("+") { sign = 1 } else if skip("-") { sign = -1 } else { return nil }
            guard let hours = digits(2), hours <= 18 else { return nil }
            var minutes: Int64 = 0
            if !isAtEnd {
                _ = skip(":")
                guard let value = digits(2), value < 60 else { return nil }
                minutes = value
            }
            return sign * Int32(hours * 3600 + minutes * 60)
        }
    }
}

extension CivilDate {
    static func daysIn(month: Int64, year: Int64) -> Int64 {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}
