/// A query's answer: named columns and rows of values.
public struct QueryResult: Equatable, Sendable {
    public struct Column: Equatable, Sendable {
        public let title: String
        /// The unit of the values when known (`count/min`, `hr`), for tables and chart axes.
        public let unit: String?
    }

    public var columns: [Column]
    public var rows: [[QueryValue]]
    /// How rows were grouped; nil for a listing or a single total.
    public var bucket: Bucket?
    /// Where each row's time begins, in local microseconds since 1970 (nil for a total).
    public var times: [Int64]?

    /// The numbers of column `index` (nil where the row has none).
    public func numbers(column index: Int) -> [Double?] {
        rows.map { row in if case .number(let value) = row[index] { value } else { nil } }
    }
}

public enum QueryValue: Equatable, Sendable {
    case number(Double)
    case text(String)
    case null
}
