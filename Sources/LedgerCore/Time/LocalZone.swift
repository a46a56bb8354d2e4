public import Foundation

/// The UTC offset a place keeps at each instant, so that a wall-clock time takes the offset
/// in force on its own date (daylight saving), not the one in force when it is typed.
public struct LocalZone: Sendable {
    private let timeZone: TimeZone?
    private let fixedOffset: Int32

    public init(_ timeZone: TimeZone) {
        self.timeZone = timeZone
        fixedOffset = 0
    }

    private init(fixed: Int32) {
        timeZone = nil
        fixedOffset = fixed
    }

    /// One offset all year, for tests and for input that has no place (a bundle's JSONL).
    public static func fixed(_ utcOffset: Int32) -> LocalZone { LocalZone(fixed: utcOffset) }

    /// This process's zone (`TZ`, else the system's).
    public static var current: LocalZone { LocalZone(.current) }

    /// The zone's name, stored beside an event's offset; nil for a fixed offset.
    public var identifier: String? { timeZone?.identifier }

    public func offset(at instant: Timestamp) -> Int32 {
        guard let timeZone else { return fixedOffset }
        return Int32(timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: instant.seconds)))
    }

    /// The instant a wall-clock reading names here, and the offset in force then.
    ///
    /// A reading skipped by a spring-forward change is read with the offset before the change
    /// (02:30 becomes 03:30 summer time); a reading that happens twice in autumn is the first.
    public func instant(localMicros: Int64) -> (timestamp: Timestamp, utcOffset: Int32) {
        let before = offset(at: Timestamp(micros: localMicros - 86_400_000_000))
        let after = offset(at: Timestamp(micros: localMicros + 86_400_000_000))
        for candidate in [max(before, after), min(before, after)] {
            let instant = Timestamp(micros: localMicros - Int64(candidate) * 1_000_000)
            if offset(at: instant) == candidate { return (instant, candidate) }
        }
        let instant = Timestamp(micros: localMicros - Int64(before) * 1_000_000)
        return (instant, offset(at: instant))
    }
}
