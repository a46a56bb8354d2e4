import LedgerCore

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
        guard valuesComplete else { return nil }
        if !touchedPartitions.isEmpty, groups(reading: columns).contains(where: { touchedPartitions.contains(DayPartition(day: day, group: $0)) }) {
            return nil
        }
        guard let row = try valueBlock(of: DayDirectory.block(of: day)).row(on: day) else {
            return [Double?](repeating: nil, count: columns.count)
        }
        guard row.priority == priority.names(for: day) else { return nil }
        return columns.map(row.value)
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

    /// The block's day values, loaded once.
    func valueBlock(of block: Int64) throws -> DayValues {
        if let held = valueBlocks[block] { return held }
        let values = try loadValues(block).map { bytes throws(DecodingError) in try DayValues(decoding: bytes, columnCount: layout.plans.count) } ?? DayValues()
        valueBlocks[block] = values
        return values
    }
}
