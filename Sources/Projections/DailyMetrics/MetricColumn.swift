public import LedgerCore

/// One column of the daily metrics table: a stable id for code and a CSV header for people.
public struct MetricColumn: Hashable, Sendable {
    /// Stable snake_case id, e.g. `step_count`; never renamed, so stored references stay valid.
    public let key: String
    /// The CSV header in ShareHealth's layout: name, optional `[statistic]`, `(unit)`.
    /// A rating column's unit is the default rating scale, `(1-10)`.
    public let header: String
    /// Whether the column is a mood or fatigue rating, shown on the vault's `RatingScale`.
    public let isRating: Bool

    init(key: String, header: String, isRating: Bool = false) {
        self.key = key
        self.header = header
        self.isRating = isRating
    }

    /// The header with a rating column's unit naming `scale`.
    public func header(on scale: RatingScale) -> String {
        guard isRating, let open = header.lastIndex(of: "(") else { return header }
        return header[..<open] + "(\(scale))"
    }
}
