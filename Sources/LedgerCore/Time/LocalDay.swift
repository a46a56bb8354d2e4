/// A calendar day where the person was: the local date of an instant at its UTC offset.
public struct LocalDay: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// Days since 1970-01-01.
    public let number: Int64

    public init(number: Int64) { self.number = number }

    /// The local day of `instant` at `utcOffset` seconds east of UTC.
    public init(_ instant: Timestamp, utcOffset: Int32) {
        let local = instant.micros + Int64(utcOffset) * 1_000_000
        number = (local >= 0 ? local : local - 86_400_000_000 + 1) / 86_400_000_000
    }

    public init?(iso text: String) {
        guard let days = ISO8601.days(text) else { return nil }
        number = days
    }

    /// `YYYY-MM-DD`.
    public var description: String {
        let (year, month, day) = CivilDate.fromDays(number)
        func pad(_ value: Int64, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))"
    }

    /// The UTC instant of this day's local midnight at `utcOffset`.
    public func midnight(utcOffset: Int32) -> Timestamp {
        Timestamp(micros: number * 86_400_000_000 - Int64(utcOffset) * 1_000_000)
    }

    public static func < (lhs: LocalDay, rhs: LocalDay) -> Bool { lhs.number < rhs.number }
}
