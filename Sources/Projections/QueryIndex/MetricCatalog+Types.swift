extension MetricCatalog {
    /// The HealthKit quantity and category type identifiers the daily metrics read, so that
    /// queries can name them before any sample of that type is stored.
    public static var typeIdentifiers: [String] {
        (Array(layout.quantities.keys) + Array(layout.categories.keys)).sorted()
    }

    /// The unit of a column, from its header's last parentheses (`Sleep Analysis [Total] (hr)` → `hr`).
    public static func unit(ofColumn key: String) -> String? {
        guard let index = layout.columnIndex[key] else { return nil }
        let header = columns[index].header
        guard header.hasSuffix(")"), let open = header.lastIndex(of: "(") else { return nil }
        return String(header[header.index(after: open)..<header.index(before: header.endIndex)])
    }
}
