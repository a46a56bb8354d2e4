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
        /// A column that holds a value, and the value.
        struct Held: Equatable {
            let column: Int
            let value: Double
        }

        /// `SourcePriority.names(for:)` on the day when the values were computed.
        var priority: [String]?

        /// The columns that hold a value, ascending: a day holds a few of the catalog's
        /// columns, and a read over a lifetime decodes thousands of rows.
        private(set) var held: [Held]
        /// `MetricCatalog.columns.count` when the row was made.
        private let columnCount: Int

        init(priority: [String]?, values: [Double?]) {
            self.priority = priority
            columnCount = values.count
            held = values.indices.compactMap { column in values[column].map { Held(column: column, value: $0) } }
        }

        /// Aligned with `MetricCatalog.columns`, before any rating scale is applied.
        var values: [Double?] {
            get {
                var values = [Double?](repeating: nil, count: columnCount)
                for held in held { values[held.column] = held.value }
                return values
            }
            set { self = Row(priority: priority, values: newValue) }
        }

        /// The value of one column, or nil.
        func value(_ column: Int) -> Double? {
            var low = 0, high = held.count
            while low < high {
                let middle = (low + high) / 2
                if held[middle].column < column { low = middle + 1 } else { high = middle }
            }
            return low < held.count && held[low].column == column ? held[low].value : nil
        }

        /// A row decoded column by column, `held` ascending and below `columnCount`.
        fileprivate init(priority: [String]?, held: [Held], columnCount: Int) {
            self.priority = priority
            self.held = held
            self.columnCount = columnCount
        }
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
            let held = rows[day]!.held
            writer.signed(day)
            writer.varint(UInt64(index))
            writer.varint(UInt64(held.count))
            for held in held {
                writer.varint(UInt64(held.column))
                writer.float64(held.value)
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
            let count = try reader.count()
            var held: [Row.Held] = []
            held.reserveCapacity(count)
            var previousColumn: UInt64?
            for _ in 0..<count {
                let column = try reader.varint()
                guard column < UInt64(columnCount), previousColumn.map({ $0 < column }) ?? true else {
                    throw .malformed("\(name) holds column \(column) out of order or past \(columnCount)", at: reader.offset)
                }
                previousColumn = column
                held.append(Row.Held(column: Int(column), value: try reader.float64()))
            }
            rows[day] = Row(priority: lists[Int(index)], held: held, columnCount: columnCount)
        }
        try reader.expectEnd(of: name)
    }
}
