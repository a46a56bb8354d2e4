/// The times a person types after `--at`: ISO 8601, `now`, `20m ago`, `yesterday 22:30`, `22:30`.
///
/// A clock time alone is its most recent past occurrence: `23:45` typed at 00:10 is yesterday's,
/// since entries record what happened; `today 23:45` names today's.
///
/// `now` and the offset are parameters so that the same text always gives the same instant
/// in tests and replays; nothing here reads the clock.
public enum TimeExpression {
    /// The instant `text` names, reading clock times as local at `utcOffset`.
    ///
    /// `today` and `yesterday` alone mean local midnight, like a date without a time.
    public static func parse(_ text: String, now: Timestamp, utcOffset: Int32) throws(TimeParseError) -> Timestamp {
        try resolve(text, now: now, zone: .fixed(utcOffset)).timestamp
    }

    /// The instant `text` names and the offset it is local to: the offset the text writes
    /// (`…T00:30:00+01:00`), else the one `zone` keeps at that instant.
    public static func resolve(
        _ text: String, now: Timestamp, zone: LocalZone
    ) throws(TimeParseError) -> (timestamp: Timestamp, utcOffset: Int32) {
        let trimmed = text.trimmed
        let words = trimmed.lowercased().split(separator: " ", omittingEmptySubsequences: true)
        guard let first = words.first else { throw TimeParseError(text: text, reason: "is empty") }
        if words == ["now"] { return (now, zone.offset(at: now)) }
        if words.last == "ago", words.count >= 2 {
            let amount = words.dropLast().joined()
            guard let seconds = try? parseDuration(amount) else {
                throw TimeParseError(text: text, reason: "has '\(amount)', which is not a duration like 20m or 1h30m")
            }
            let instant = now.adding(seconds: -Double(seconds))
            return (instant, zone.offset(at: instant))
        }
        let today = (now.micros + Int64(zone.offset(at: now)) * 1_000_000).floorDivided(by: 86_400_000_000).quotient
        var day = today
        var clock = words[...]
        if first == "today" || first == "yesterday" {
            day = first == "today" ? today : today - 1
            clock = words.dropFirst()
        }
        if clock.isEmpty { return zone.instant(localMicros: day * 86_400_000_000) }
        if clock.count == 1, let word = clock.first, !word.contains("-") {
            var scanner = ISO8601.Scanner(String(word))
            guard let (second, micros) = scanner.time(), scanner.isAtEnd else {
                throw TimeParseError(text: text, reason: Self.slashedDate(trimmed) ?? "is not a clock time like 22:30 nor another accepted form")
            }
            let named = zone.instant(localMicros: (day * 86_400 + second) * 1_000_000 + micros)
            guard clock.count == words.count, named.timestamp > now else { return named }
            return zone.instant(localMicros: ((day - 1) * 86_400 + second) * 1_000_000 + micros)
        }
        guard day == today, clock.count == words.count else {
            throw TimeParseError(text: text, reason: "has text after '\(first)' that is not a clock time like 22:30")
        }
        return try ISO8601.parse(trimmed, zone: zone)
    }

    /// What to write instead of a date with slashes or dots (`31/12/2026` → `2026-12-31`);
    /// `03/04/2026` could be March or April, so both are named.
    static func slashedDate(_ text: String) -> String? {
        let parts = text.split(whereSeparator: { $0 == "/" || $0 == "." }).map(String.init)
        guard parts.count == 3, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
              let first = Int(parts[0]), let second = Int(parts[1]), parts[2].count == 4, parts[0].count <= 2, parts[1].count <= 2
        else { return nil }
        func iso(month: Int, day: Int) -> String? {
            guard (1...12).contains(month), (1...31).contains(day) else { return nil }
            return "\(parts[2])-\(month < 10 ? "0" : "")\(month)-\(day < 10 ? "0" : "")\(day)"
        }
        let readings = Set([iso(month: second, day: first), iso(month: first, day: second)].compactMap { $0 }).sorted()
        guard !readings.isEmpty else { return nil }
        return "is a date written with \(text.contains("/") ? "slashes" : "dots"): write it year first, as "
            + readings.joined(separator: " or ")
    }

    /// Whole seconds in a duration such as `90s`, `20m`, `1h30m`, `2d` or `1w` (for `--ago`, `--ttl`).
    public static func parseDuration(_ text: String) throws(TimeParseError) -> Int64 {
        let chars = Array(text.trimmed.lowercased().unicodeScalars)
        guard !chars.isEmpty else { throw TimeParseError(text: text, reason: "is empty", expected: .duration) }
        var index = 0
        var total: Int64 = 0
        while index < chars.count {
            while index < chars.count, chars[index] == " " { index += 1 }
            var number: Int64 = 0
            let numberStart = index
            while index < chars.count, ("0"..."9").contains(chars[index]) {
                let (times10, overflow1) = number.multipliedReportingOverflow(by: 10)
                let (next, overflow2) = times10.addingReportingOverflow(Int64(chars[index].value) - 48)
                guard !overflow1, !overflow2 else { throw TimeParseError(text: text, reason: "is too long", expected: .duration) }
                number = next
                index += 1
            }
            guard index > numberStart else { throw TimeParseError(text: text, reason: "needs a number before each unit", expected: .duration) }
            while index < chars.count, chars[index] == " " { index += 1 }
            let unitStart = index
            while index < chars.count, ("a"..."z").contains(chars[index]) { index += 1 }
            let unit = String(String.UnicodeScalarView(chars[unitStart..<index]))
            guard let scale = unitSeconds[unit] else {
                throw TimeParseError(
                    text: text, reason: unit.isEmpty ? "needs a unit after \(number) (s, m, h, d or w)" : "has an unknown unit '\(unit)'",
                    expected: .duration)
            }
            let (seconds, overflow1) = number.multipliedReportingOverflow(by: scale)
            let (sum, overflow2) = total.addingReportingOverflow(seconds)
            guard !overflow1, !overflow2 else { throw TimeParseError(text: text, reason: "is too long", expected: .duration) }
            total = sum
            while index < chars.count, chars[index] == " " { index += 1 }
        }
        return total
    }

    private static let unitSeconds: [String: Int64] = [
        "s": 1, "sec": 1, "secs": 1, "second": 1, "seconds": 1,
        "m": 60, "min": 60, "mins": 60, "minute": 60, "minutes": 60,
        "h": 3600, "hr": 3600, "hrs": 3600, "hour": 3600, "hours": 3600,
        "d": 86_400, "day": 86_400, "days": 86_400,
        "w": 604_800, "week": 604_800, "weeks": 604_800,
    ]
}

/// Time text that does not parse, with what was wrong and the forms that work.
public struct TimeParseError: Error, Equatable, CustomStringConvertible {
    /// What the text was read as: the forms an error lists are that one's, so `--ttl 15` is
    /// not answered with dates.
    public enum Expected: Sendable, Equatable {
        case instant, duration
    }

    public let text: String
    public let reason: String
    public let expected: Expected

    public init(text: String, reason: String, expected: Expected = .instant) {
        self.text = text
        self.reason = reason
        self.expected = expected
    }

    public var description: String {
        switch expected {
        case .instant:
            "'\(text)' \(reason); accepted forms: now, 20m ago, 1h30m ago, 3d ago, 22:30, today 08:00, "
                + "yesterday 22:30, yesterday, 2026-03-01, 2026-03-01T07:30:00+01:00, 2026-03-01 07:30:00 +0100"
        case .duration:
            "'\(text)' \(reason); a duration is a number and a unit: 90s, 20m, 1h30m, 2d, 1w"
        }
    }
}

extension String {
    var trimmed: String {
        let scalars = unicodeScalars
        guard let start = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
              let end = scalars.lastIndex(where: { !$0.properties.isWhitespace })
        else { return "" }
        return String(scalars[start...end])
    }
}
