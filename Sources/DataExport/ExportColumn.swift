/// One column of an exported table, typed once for both SQLite and Parquet.
public struct ExportColumn: Sendable, Hashable {
    public enum Kind: Sendable, Hashable {
        case integer
        case real
        case text
        /// An instant: SQLite holds ISO 8601 text at the row's own UTC offset (as `log --json`
        /// prints it), Parquet a UTC-adjusted TIMESTAMP in microseconds.
        case instant
        /// A local calendar day: SQLite `YYYY-MM-DD` text, Parquet DATE.
        case day
    }

    public let name: String
    public let kind: Kind
    public let isOptional: Bool
    /// `table(column)` this column refers to in SQLite.
    public let references: String?

    public init(_ name: String, _ kind: Kind, optional: Bool = false, references: String? = nil) {
        self.name = name
        self.kind = kind
        self.isOptional = optional
        self.references = references
    }
}
