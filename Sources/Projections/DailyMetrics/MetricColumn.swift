/// One column of the daily metrics table: a stable id for code and a CSV header for people.
public struct MetricColumn: Hashable, Sendable {
    /// Stable snake_case id, e.g. `step_count`; never renamed, so stored references stay valid.
    public let key: String
    /// The CSV header in ShareHealth's layout: name, optional `[statistic]`, `(unit)`.
    public let header: String

    init(key: String, header: String) {
        self.key = key
        self.header = header
    }
}
