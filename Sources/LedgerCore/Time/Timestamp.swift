import Foundation

/// A UTC instant in whole microseconds since 1970-01-01T00:00:00Z.
public struct Timestamp: Hashable, Comparable, Sendable {
    public var micros: Int64

    public init(micros: Int64) { self.micros = micros }

    /// Years 0001 to 9999, the instants ISO 8601 writes without an expanded year; arithmetic
    /// on instants far outside it (adding an offset, splitting into days) would overflow.
    public static let writable = Timestamp(micros: -62_135_596_800_000_000)...Timestamp(micros: 253_402_300_799_999_999)

    public init(seconds: Double) { micros = Int64((seconds * 1_000_000).rounded()) }

    public init(_ date: Date) { self.init(seconds: date.timeIntervalSince1970) }

    public static func now() -> Timestamp { Timestamp(Date()) }

    public var seconds: Double { Double(micros) / 1_000_000 }

    public static func < (lhs: Timestamp, rhs: Timestamp) -> Bool { lhs.micros < rhs.micros }

    public func adding(seconds: Double) -> Timestamp { Timestamp(micros: micros + Int64((seconds * 1_000_000).rounded())) }

    /// ISO 8601 at the given offset, with fractional seconds only when present:
    /// `2026-03-01T07:30:00+01:00`.
    public func iso8601(utcOffset: Int32) -> String {
        let local = micros + Int64(utcOffset) * 1_000_000
        let (days, microsOfDay) = local.floorDivided(by: 86_400_000_000)
        let (year, month, day) = CivilDate.fromDays(days)
        let secondOfDay = microsOfDay / 1_000_000
        let fraction = microsOfDay % 1_000_000
        var text = "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T"
        text += "\(pad(secondOfDay / 3600, 2)):\(pad(secondOfDay / 60 % 60, 2)):\(pad(secondOfDay % 60, 2))"
        if fraction != 0 {
            var digits = pad(fraction, 6)
            while digits.hasSuffix("0") { digits.removeLast() }
            text += "." + digits
        }
        return text + Self.offsetText(utcOffset)
    }

    /// `Z` for UTC, otherwise `+HH:MM` (with `:SS` when the offset has seconds).
    public static func offsetText(_ utcOffset: Int32) -> String {
        if utcOffset == 0 { return "Z" }
        let sign = utcOffset < 0 ? "-" : "+"
        // Widen before taking the magnitude: `abs(Int32.min)` does not fit in Int32.
        let magnitude = abs(Int64(utcOffset))
        var text = "\(sign)\(pad(magnitude / 3600, 2)):\(pad(magnitude / 60 % 60, 2))"
        if magnitude % 60 != 0 { text += ":\(pad(magnitude % 60, 2))" }
        return text
    }
}

func pad(_ value: some BinaryInteger, _ width: Int) -> String {
    let digits = String(value)
    return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
}

extension Int64 {
    /// Division rounding toward negative infinity, so instants before 1970 land on the right day.
    func floorDivided(by divisor: Int64) -> (quotient: Int64, remainder: Int64) {
        let quotient = (self >= 0 ? self : self - divisor + 1) / divisor
        return (quotient, self - quotient * divisor)
    }
}

/// Proleptic Gregorian dates as day counts since 1970-01-01 (Howard Hinnant's algorithms).
public enum CivilDate {
    public static func fromDays(_ days: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    public static func toDays(year: Int64, month: Int64, day: Int64) -> Int64 {
        let adjustedYear = month <= 2 ? year - 1 : year
        let era = (adjustedYear >= 0 ? adjustedYear : adjustedYear - 399) / 400
        let yearOfEra = adjustedYear - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}
