import LedgerCore

/// One row of the catalog table: a column, what feeds it and how a day reduces it.
struct CatalogEntry {
    let key: String
    /// Ends in `(unit)`; for HealthKit inputs the unit is a HealthKit spelling and is the
    /// unit values are converted to, so the header cannot disagree with the numbers.
    let header: String
    let inputs: [MetricInput]
    let statistic: MetricStatistic

    init(_ key: String, _ header: String, _ input: MetricInput, _ statistic: MetricStatistic) {
        self.init(key, header, [input], statistic)
    }

    init(_ key: String, _ header: String, _ inputs: [MetricInput], _ statistic: MetricStatistic) {
        self.key = key
        self.header = header
        self.inputs = inputs
        self.statistic = statistic
    }

    /// A mood or fatigue average, minimum or maximum: a rating shown on the rating scale.
    var isRating: Bool {
        inputs.allSatisfy { $0 == .mood || $0 == .fatigue } && statistic != .count
    }

    /// The unit in the header's last parentheses, when HealthKit knows it.
    var unit: HealthUnit? { Self.unit(in: header) }

    /// The HealthKit unit in a header's last parentheses, if any.
    static func unit(in header: String) -> HealthUnit? {
        guard header.hasSuffix(")"), let open = header.lastIndex(of: "(") else { return nil }
        return HealthUnit.named(String(header[header.index(after: open)..<header.index(before: header.endIndex)]))
    }
}

/// Shorthands that keep the catalog table one line per column.
extension CatalogEntry {
    static func sum(_ key: String, _ header: String, _ identifier: String) -> CatalogEntry {
        CatalogEntry(key, header, .quantity(identifier), .sum)
    }

    static func average(_ key: String, _ header: String, _ identifier: String) -> CatalogEntry {
        CatalogEntry(key, header, .quantity(identifier), .average)
    }

    /// `Name [Min] (unit)`, `Name [Avg] (unit)`, `Name [Max] (unit)`.
    static func range(_ key: String, _ name: String, _ unit: String, _ identifier: String) -> [CatalogEntry] {
        [
            CatalogEntry("\(key)_min", "\(name) [Min] (\(unit))", .quantity(identifier), .minimum),
            CatalogEntry("\(key)_avg", "\(name) [Avg] (\(unit))", .quantity(identifier), .average),
            CatalogEntry("\(key)_max", "\(name) [Max] (\(unit))", .quantity(identifier), .maximum),
        ]
    }
}
