public import Foundation

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
        var out: [UInt8] = []
        out.reserveCapacity(32)
        writeISO8601(utcOffset: utcOffset, into: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// `iso8601(utcOffset:)` as UTF-8 bytes appended to `out`, for writers of large text.
    public func writeISO8601(utcOffset: Int32, into out: inout [UInt8]) {
        let local = micros + Int64(utcOffset) * 1_000_000
        let (days, microsOfDay) = local.floorDivided(by: 86_400_000_000)
        let (year, month, day) = CivilDate.fromDays(days)
        let secondOfDay = microsOfDay / 1_000_000
        let fraction = microsOfDay % 1_000_000
        writePadded(Int64(year), 4, into: &out)
        out.append(UInt8(ascii: "-"))
        writePadded(Int64(month), 2, into: &out)
        out.append(UInt8(ascii: "-"))
        writePadded(Int64(day), 2, into: &out)
        out.append(UInt8(ascii: "T"))
        writePadded(secondOfDay / 3600, 2, into: &out)
        out.append(UInt8(ascii: ":"))
        writePadded(secondOfDay / 60 % 60, 2, into: &out)
        out.append(UInt8(ascii: ":"))
        writePadded(secondOfDay % 60, 2, into: &out)
        if fraction != 0 {
            var digits = fraction
            var width = 6
            while digits % 10 == 0 {
                digits /= 10
                width -= 1
            }
            out.append(UInt8(ascii: "."))
            writePadded(digits, width, into: &out)
        }
        Self.writeOffset(utcOffset, into: &out)
    }

    /// `Z` for UTC, otherwise `+HH:MM` (with `:SS` when the offset has seconds).
    public static func offsetText(_ utcOffset: Int32) -> String {
        var out: [UInt8] = []
        writeOffset(utcOffset, into: &out)
        return String(decoding: out, as: UTF8.self)
    }

    private static func writeOffset(_ utcOffset: Int32, into out: inout [UInt8]) {
        if utcOffset == 0 {
            out.append(UInt8(ascii: "Z"))
            return
        }
        out.append(UInt8(ascii: utcOffset < 0 ? "-" : "+"))
        // Widen before taking the magnitude: `abs(Int32.min)` does not fit in Int32.
        let magnitude = abs(Int64(utcOffset))
        writePadded(magnitude / 3600, 2, into: &out)
        out.append(UInt8(ascii: ":"))
        writePadded(magnitude / 60 % 60, 2, into: &out)
        if magnitude % 60 != 0 {
            out.append(UInt8(ascii: ":"))
            writePadded(magnitude % 60, 2, into: &out)
        }
    }
}

/// `value` in decimal with zeros in front up to `width` digits, as `pad` writes it.
private func writePadded(_ value: Int64, _ width: Int, into out: inout [UInt8]) {
    guard value >= 0 else {
        out.append(contentsOf: pad(value, width).utf8)
        return
    }
    JSONWriter.writeDecimal(value, minimumDigits: width, into: &out)
}

func pad(_ value: some BinaryInteger, _ width: Int) -> String {
    let digits = String(value)
    return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
}

extension Int64 {
    /// Division rounding toward negative infinity, so instants before 1970 land on the right day.
    public func floorDivided(by divisor: Int64) -> (quotient: Int64, remainder: Int64) {
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
