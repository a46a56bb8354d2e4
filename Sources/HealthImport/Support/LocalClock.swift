public import Foundation
import LedgerCore

/// Turns the local dates and clock times that ShareHealth files carry (no offset) into
/// instants, in the time zone the person says they were recorded in.
public struct LocalClock: Sendable {
    public let zone: TimeZone

    public init(zone: TimeZone) { self.zone = zone }

    /// Seconds east of UTC in force on local day `day` (days since 1970-01-01).
    ///
    /// Taken at local noon: a daylight-saving change happens at night, so noon gives the
    /// offset of most of the day, and every record of one day then shares one offset.
    public func utcOffset(day: Int64) -> Int32 {
        Int32(zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(day * 86_400 + 43_200))))
    }

    /// The instant of `seconds` after local midnight of `day`, at `utcOffset`.
    static func instant(day: Int64, seconds: Double, utcOffset: Int32) -> Timestamp {
        Timestamp(micros: (day * 86_400 - Int64(utcOffset)) * 1_000_000).adding(seconds: seconds)
    }
}
