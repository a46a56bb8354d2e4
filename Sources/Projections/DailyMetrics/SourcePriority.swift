import LedgerCore

/// The history of `sources.priority` settings, so that each day ranks sources by the order
/// in force on it and a replay reproduces what was in force when.
struct SourcePriority {
    /// One `setting.changed` event; `names` nil restores the default order.
    struct Change {
        let day: Int64
        let start: Int64
        let idHigh: UInt64
        let idLow: UInt64
        let names: [String]?
    }

    static let settingKey = "sources.priority"

    /// Sorted by start, then id, so the order of arrival never matters.
    private(set) var changes: [Change] = []

    init(changes: [Change] = []) { self.changes = changes }

    /// The names a setting value lists: an array of names, or `null` for the default.
    /// Anything else is not a priority and is ignored.
    static func names(in value: DocValue) -> [String]?? {
        switch value {
        case .null: return .some(nil)
        case .array(let items):
            var names: [String] = []
            for item in items {
                guard case .string(let name) = item else { return nil }
                names.append(name)
            }
            return .some(names)
        default: return nil
        }
    }

    mutating func add(_ change: Change) {
        let position = changes.firstIndex { ($0.start, $0.idHigh, $0.idLow) > (change.start, change.idHigh, change.idLow) } ?? changes.count
        changes.insert(change, at: position)
    }

    /// Removes one event's change; whether it was there.
    mutating func remove(high: UInt64, low: UInt64) -> Bool {
        let before = changes.count
        changes.removeAll { $0.idHigh == high && $0.idLow == low }
        return changes.count != before
    }

    /// The list in force on `day`: the latest change whose own local day is on or before it.
    func names(for day: LocalDay) -> [String]? {
        changes.last { $0.day <= day.number }?.names
    }

    /// Rank of each of `sources` (0 is the highest priority): `listed` names first in list
    /// order, then names containing "Apple Watch", then "iPhone", then the rest by name.
    static func ranks(of sources: [String], listed: [String]?) -> [Int] {
        func key(_ name: String) -> (Int, Int, String) {
            let position = listed?.firstIndex(of: name) ?? Int.max
            let tier = name.contains("Apple Watch") ? 0 : name.contains("iPhone") ? 1 : 2
            return (position, tier, name)
        }
        let keys = sources.map(key)
        let order = sources.indices.sorted { keys[$0] < keys[$1] }
        var ranks = [Int](repeating: 0, count: sources.count)
        for (rank, index) in order.enumerated() { ranks[index] = rank }
        return ranks
    }
}
