public import LedgerCore

/// The unit daily metrics are stored in: one local day's records of one overlap group
/// (a series, or all the asleep stages together).
public struct DayPartition: Hashable, Comparable, Sendable {
    public let day: LocalDay
    let group: UInt16

    public static func < (lhs: DayPartition, rhs: DayPartition) -> Bool {
        (lhs.day, lhs.group) < (rhs.day, rhs.group)
    }
}
