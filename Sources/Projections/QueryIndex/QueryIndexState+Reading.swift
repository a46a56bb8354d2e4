import LedgerCore

extension QueryIndexState {
    /// The series the index holds rows of, by name.
    public var seriesNames: [String] { directory.entries.keys.sorted() }

    /// Field names of a series: numeric, then text.
    public func fields(of series: String) -> (numbers: Set<String>, texts: Set<String>) {
        let entry = directory.entries[series]
        return (entry?.numbers ?? [], entry?.texts ?? [])
    }

    /// The local days from the first month with rows to the last (of any series).
    public var dayRange: ClosedRange<Int64>? {
        let months = directory.entries.values.flatMap(\.months.keys)
        guard let first = months.min(), let last = months.max() else { return nil }
        return SeriesMonth(series: "", month: first).firstDay...(SeriesMonth(series: "", month: last + 1).firstDay - 1)
    }

    /// Every row of `series` whose local day may fall in `days` (whole months are read; the
    /// query filters the rest), or all rows when `days` is nil. Rows are in log order per month.
    public func rows(of series: String, days: ClosedRange<Int64>? = nil) throws -> SeriesTable {
        guard let entry = directory.entries[series] else { return SeriesTable() }
        var result = SeriesTable()
        for month in entry.months.keys.sorted() {
            let partition = SeriesMonth(series: series, month: month)
            if let days, partition.firstDay > days.upperBound || SeriesMonth(series: series, month: month + 1).firstDay <= days.lowerBound { continue }
            let table = try heldTable(partition) ?? load(partition.key).map { try SeriesTable(encoded: $0) } ?? SeriesTable()
            result.append(contentsOf: table)
        }
        return result
    }
}
