import LedgerCore

/// Which column a day's summary states, from the ShareHealth header it was imported under.
///
/// A header the catalog writes names its column exactly; one with another unit or
/// spelling (`Active Energy Burned (kcal)` in a face capture's snapshot) is matched by its
/// label, else by the series it feeds and its bracket: `[Min]`, `[Avg]`, `[Max]` name that
/// statistic, anything else the day's own value (the total, average or count column).
struct SummaryColumns {
    private let byHeader: [String: Int]
    private let byLabel: [String: Int]
    private let plans: [ColumnPlan]
    /// The unit each column's values are in, when it has one.
    let units: [HealthUnit?]

    init(_ entries: [CatalogEntry], plans: [ColumnPlan]) {
        var byHeader: [String: Int] = [:]
        var byLabel: [String: Int] = [:]
        for (index, entry) in entries.enumerated() {
            byHeader[entry.header] = byHeader[entry.header] ?? index
            byLabel[Self.label(entry.header)] = byLabel[Self.label(entry.header)] ?? index
        }
        self.byHeader = byHeader
        self.byLabel = byLabel
        self.plans = plans
        units = entries.map(\.unit)
    }

    /// The column `header` states, for a summary event that feeds `series` (if known).
    func column(header: String, series: Int?) -> Int? {
        let label = Self.label(header)
        if let column = byHeader[header] ?? byLabel[label] { return column }
        guard let series else { return nil }
        var wanted: Set<MetricStatistic> = [.sum, .average, .count, .latest]
        if label.hasSuffix("]"), let open = label.lastIndex(of: "[") {
            switch label[label.index(after: open)..<label.index(before: label.endIndex)] {
            case "Min": wanted = [.minimum]
            case "Avg": wanted = [.average]
            case "Max": wanted = [.maximum]
            default: break
            }
        }
        return plans.indices.first { plans[$0].series == [series] && wanted.contains(plans[$0].statistic) }
    }

    /// The header without its trailing `(unit)`, whose parentheses may nest
    /// (`VO2 Max (ml/(kg*min))`): `Heart Rate [Avg]`.
    static func label(_ header: String) -> String {
        var text = Substring(header)
        if text.hasSuffix(")") {
            var depth = 0
            var index = text.endIndex
            while index > text.startIndex {
                index = text.index(before: index)
                if text[index] == ")" { depth += 1 }
                if text[index] == "(" { depth -= 1 }
                if depth == 0 { break }
            }
            if depth == 0 { text = text[..<index] }
        }
        while text.last == " " { text = text.dropLast() }
        while text.first == " " { text = text.dropFirst() }
        return String(text)
    }
}
