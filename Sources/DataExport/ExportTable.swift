public import LedgerCore

/// A table of the export: its columns, the event kinds it holds, and how Parquet splits it.
public struct ExportTable: Sendable, Hashable {
    public let name: String
    public let columns: [ExportColumn]
    /// The event kinds whose events become its rows (none for the daily tables).
    public let kinds: Set<EventKind>
    /// The column Parquet turns into Hive-style folders (`samples/type=…/`) instead of storing.
    public let partitionColumn: String?
    /// The SQLite key: an event table's `sequence` (log order, which is how Datasette lists
    /// rows); its `id` is unique too.
    public let primaryKey: String
    /// Columns SQLite indexes, beside the primary key.
    public let indexed: [[String]]

    init(
        _ name: String, kinds: Set<EventKind> = [], columns: [ExportColumn], primaryKey: String = "sequence",
        partitionColumn: String? = nil, indexed: [[String]] = []
    ) {
        self.name = name
        self.kinds = kinds
        self.columns = columns
        self.primaryKey = primaryKey
        self.partitionColumn = partitionColumn
        self.indexed = indexed
    }

    public var partitionIndex: Int? { partitionColumn.flatMap { name in columns.firstIndex { $0.name == name } } }
}
