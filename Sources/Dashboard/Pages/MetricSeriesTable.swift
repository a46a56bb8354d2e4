import Foundation
import LedgerCore
import Projections

/// Daily columns over a range, grouped by day, week (from Monday) or month: each group's value
/// is the mean of its days that have one, the same number `daily` shows for a one-day group.
struct MetricSeriesTable {
    enum Grouping: String, CaseIterable { case day, week, month }

    let columns: [(index: Int, column: MetricColumn)]
    let grouping: Grouping
    /// One row per group that has any value: its first day, then one value per column.
    let rows: [(start: LocalDay, values: [Double?])]

    init(daily: DailyMetricsViewState, columns: [(index: Int, column: MetricColumn)], days: ClosedRange<LocalDay>,
         grouping: Grouping, shown: (Double, MetricColumn) -> Double) throws {
        self.columns = columns
        self.grouping = grouping
        var groups: [(start: LocalDay, sums: [Double], counts: [Int])] = []
        let indices = columns.map(\.index)
        try daily.readAhead(days: (days.lowerBound.number...days.upperBound.number).map(LocalDay.init(number:)))
        for number in days.lowerBound.number...days.upperBound.number {
            let day = LocalDay(number: number)
            let values = try daily.values(for: day, columns: indices)
            let start = Self.groupStart(day, grouping)
            if groups.last?.start != start { groups.append((start, Array(repeating: 0, count: columns.count), Array(repeating: 0, count: columns.count))) }
            for (position, entry) in columns.enumerated() {
                guard let value = values[position] else { continue }
                groups[groups.count - 1].sums[position] += shown(value, entry.column)
                groups[groups.count - 1].counts[position] += 1
            }
        }
        rows = groups.compactMap { group in
            guard group.counts.contains(where: { $0 > 0 }) else { return nil }
            return (group.start, zip(group.sums, group.counts).map { $1 == 0 ? nil : $0 / Double($1) })
        }
    }

    static func groupStart(_ day: LocalDay, _ grouping: Grouping) -> LocalDay {
        switch grouping {
        case .day: return day
        // Day 0 (1970-01-01) was a Thursday: (number + 3) % 7 counts days since Monday.
        case .week: return LocalDay(number: day.number - ((day.number % 7 + 7 + 3) % 7))
        case .month: return LocalDay(iso: String(day.description.prefix(7)) + "-01") ?? day
        }
    }

    var csv: String {
        let header = ["date"] + columns.map { $0.column.header }
        let lines = rows.map { row in
            ([row.start.description] + row.values.map { $0.map { NumberText.plain($0) } ?? "" }).joined(separator: ",")
        }
        return ([header.map(Self.quoted).joined(separator: ",")] + lines).joined(separator: "\n") + "\n"
    }

    private static func quoted(_ text: String) -> String { CSVField.quoted(text) }
}
