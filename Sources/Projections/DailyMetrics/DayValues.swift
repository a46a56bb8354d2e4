import LedgerCore

/// Each day's column values in a block of days (`DayDirectory.daysPerBlock`), as the day's
/// partitions gave them when they were last saved, so that a read of one column over many
/// days opens a block's values instead of each day's partitions.
///
/// A day's values are computed from its records and the source priority in force on it:
/// each row keeps the priority list it was computed under, and a row whose list is not the
/// one in force now answers nothing (the day is computed from its partitions instead). The
/// values are part of the view's state like the directories: written in the same save as the
/// partitions they come from, bound by the view's partition tree, rebuilt by `replay`.
struct DayValues: Equatable {
    static let formatVersion: UInt8 = 1

    struct Row: Equatable {
        /// `SourcePriority.names(for:)` on the day when the values were computed.
        var priority: [String]?
        /// Aligned with `MetricCatalog.columns`, before any rating scale is applied.
        var values: [Double?]
    }

    /// Day number → its row.
    private(set) var rows: [Int64: Row] = [:]

    init() {}

    func row(on day: LocalDay) -> Row? { rows[day.number] }

    mutating func set(_ row: Row, on day: LocalDay) { rows[day.number] = row }

    mutating func remove(on day: LocalDay) { rows[day.number] = nil }

    /// Deterministic bytes (days ascending; each distinct priority list once, in the order
    /// days first use it), or nil when the block holds no day.
    func encoded() -> [UInt8]? {
        guard !rows.isEmpty else { return nil }
        let days = rows.keys.sorted()
        var lists: [[String]?] = []
        var listIndex: [Int] = []
        for day in days {
            // Cannot fail: `days` are the keys of `rows`
            let priority = rows[day]!.priority
            if let index = lists.firstIndex(where: { $0 == priority }) {
                listIndex.append(index)
            } else {
                listIndex.append(lists.count)
                lists.append(priority)
            }
        }
        var writer = BinaryWriter(capacity: 16 + days.count * 64)
        writer.byte(Self.formatVersion)
        writer.varint(UInt64(lists.count))
        for list in lists {
            writer.byte(list == nil ? 0 : 1)
            writer.varint(UInt64(list?.count ?? 0))
            for name in list ?? [] { writer.string(name) }
        }
        writer.varint(UInt64(days.count))
        for (day, index) in zip(days, listIndex) {
            // Cannot fail: `days` are the keys of `rows`
            let values = rows[day]!.values
            writer.signed(day)
            writer.varint(UInt64(index))
            let held = values.indices.filter { values[$0] != nil }
            writer.varint(UInt64(held.count))
            for column in held {
                writer.varint(UInt64(column))
                // Cannot fail: `held` lists the columns with a value
                writer.float64(values[column]!)
            }
        }
        return writer.bytes
    }

    /// `columnCount`: the columns a row holds (`MetricCatalog.columns.count`); a column past it is malformed.
    init(decoding bytes: [UInt8], columnCount: Int) throws(DecodingError) {
        let name = "daily metrics day values"
        var reader = BinaryReader(bytes)
        try reader.expectVersion(Self.formatVersion, of: name)
        var lists: [[String]?] = []
        for _ in 0..<(try reader.count()) {
            let isList = try reader.byte()
            guard isList <= 1 else { throw .malformed("\(name) has a priority list marked \(isList)", at: reader.offset) }
            var names: [String] = []
            for _ in 0..<(try reader.count()) { names.append(try reader.string()) }
            guard isList == 1 || names.isEmpty else { throw .malformed("\(name) has names in a default priority", at: reader.offset) }
            lists.append(isList == 1 ? names : nil)
        }
        var previousDay: Int64?
        for _ in 0..<(try reader.count()) {
            let day = try reader.signed()
            guard previousDay.map({ $0 < day }) ?? true else { throw .malformed("\(name) lists days out of order", at: reader.offset) }
            previousDay = day
            let index = try reader.varint()
            guard index < UInt64(lists.count) else { throw .malformed("\(name) names priority list \(index) of \(lists.count)", at: reader.offset) }
            var values = [Double?](repeating: nil, count: columnCount)
            var previousColumn: UInt64?
            for _ in 0..<(try reader.count()) {
                let column = try reader.varint()
                guard column < UInt64(columnCount), previousColumn.map({ $0 < column }) ?? true else {
                    throw .malformed("\(name) holds column \(column) out of order or past \(columnCount)", at: reader.offset)
                }
                previousColumn = column
                values[Int(column)] = try reader.float64()
            }
            rows[day] = Row(priority: lists[Int(index)], values: values)
        }
        try reader.expectEnd(of: name)
    }
}
