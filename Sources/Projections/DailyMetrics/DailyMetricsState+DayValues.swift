import LedgerCore
import LedgerStore

/// The stored day values (`DayValues`): kept up to date at each save, read where they answer
/// for the partitions and source priority in force.
extension DailyMetricsState {
    /// The overlap groups each column is computed from, and so the columns each group feeds.
    static let columnsReadingGroup: [UInt16: [Int]] = {
        var columns: [UInt16: [Int]] = [:]
        for column in MetricCatalog.layout.plans.indices {
            for group in groups(reading: [column]) { columns[group, default: []].append(column) }
        }
        return columns
    }()

    /// The day's stored values of `columns`, in that order, when they answer: the values are complete,
    /// no partition those columns read changed since the last save (unsaved partitions win),
    /// and the row was computed under the source priority in force on the day now. Complete
    /// values hold a row for every day a save wrote a partition on, so a day without one has
    /// none and no values, whatever the priority.
    func savedValues(on day: LocalDay, reading columns: [Int]) throws -> [Double?]? {
        try savedRow(on: day, readingGroups: groups(reading: columns)).map { row in columns.map { row?.value($0) } }
    }

    /// The values of `column` on each of `days`, as `values(for:columns:)` gives them: one
    /// column over years of days, without a row of values made for each day.
    func values(of column: Int, on days: [LocalDay]) throws -> [Double?] {
        let read = groups(reading: [column])
        return try days.map { day in
            if let row = try savedRow(on: day, readingGroups: read) { return row?.value(column) }
            return try computedValues(for: day, columns: [column])[0]
        }
    }

    /// The day's stored row, when it answers for columns computed from `groups` (see
    /// `savedValues`): `.some(nil)` for a day complete values hold no row on. The groups are
    /// worked out only when some partition is touched.
    private func savedRow(on day: LocalDay, readingGroups groups: @autoclosure () -> [UInt16]) throws -> DayValues.Row?? {
        guard valuesComplete else { return nil }
        if !touchedPartitions.isEmpty, groups().contains(where: { touchedPartitions.contains(DayPartition(day: day, group: $0)) }) {
            return nil
        }
        guard let row = try valueBlock(of: DayDirectory.block(of: day)).row(on: day) else { return .some(nil) }
        guard row.priority == priority.names(for: day) else { return nil }
        return row
    }

    /// The day values of the blocks `touched` (the partitions a save writes) fall in, with each
    /// touched day's row computed again, as (block, bytes or nil); call after `directoryChanges`.
    /// Only the columns that read a touched group are computed when the stored row was computed
    /// under the priority in force; otherwise the whole row is.
    func valueChanges(touched: [DayPartition]) throws -> [(block: Int64, bytes: [UInt8]?)] {
        var groupsByDay: [Int64: Set<UInt16>] = [:]
        for partition in touched { groupsByDay[partition.day.number, default: []].insert(partition.group) }
        var blocks = Set<Int64>()
        for (number, groups) in groupsByDay.sorted(by: { $0.key < $1.key }) {
            let day = LocalDay(number: number)
            let block = DayDirectory.block(of: day)
            var values = try valueBlock(of: block)
            blocks.insert(block)
            // A day left with no partition keeps no row, as a view that never held it has none.
            if directoriesComplete, try directory(of: block).groups(on: day).isEmpty {
                values.remove(on: day)
                valueBlocks[block] = values
                continue
            }
            let names = priority.names(for: day)
            var row: DayValues.Row
            if let held = values.row(on: day), held.priority == names {
                row = held
                let columns = Set(groups.flatMap { Self.columnsReadingGroup[$0] ?? [] }).sorted()
                for (column, value) in zip(columns, try computedValues(for: day, columns: columns)) { row.values[column] = value }
            } else {
                row = DayValues.Row(priority: names, values: try computedValues(for: day, columns: Self.everyColumn))
            }
            values.set(row, on: day)
            valueBlocks[block] = values
        }
        return blocks.sorted().map { ($0, valueBlocks[$0]?.encoded()) }
    }

    /// Loads the day values of the blocks `days` fall in that are not held yet, on every core,
    /// so that a column read over years does not open and check its hundreds of blocks one
    /// after another. Reads nothing when the values are not complete (each day is then
    /// computed from its partitions).
    func loadValueBlocks(of days: [LocalDay]) throws {
        guard valuesComplete else { return }
        let blocks = Set(days.map(DayDirectory.block(of:))).filter { valueBlocks[$0] == nil }.sorted()
        let columnCount = layout.plans.count
        let loaded = try parallelMap(blocks.count, minimumPerThread: 16) { index throws(DecodingError) in
            try loadValues(blocks[index]).map { bytes throws(DecodingError) in try DayValues(decoding: bytes, columnCount: columnCount) } ?? DayValues()
        }
        for (block, values) in zip(blocks, loaded) { valueBlocks[block] = values }
    }

    /// The block's day values, loaded once.
    func valueBlock(of block: Int64) throws -> DayValues {
        if let held = valueBlocks[block] { return held }
        let values = try loadValues(block).map { bytes throws(DecodingError) in try DayValues(decoding: bytes, columnCount: layout.plans.count) } ?? DayValues()
        valueBlocks[block] = values
        return values
    }
}
