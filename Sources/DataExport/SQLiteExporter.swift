import Foundation
import GRDB
public import LedgerCore
public import LedgerStore
public import Projections

/// Writes the export tables into one SQLite database, incrementally: a database this
/// exporter made from the same vault gets only the events appended since its last run
/// (and the rows of earlier events corrected or retracted since), then every daily row
/// from the first to the last exported day is written again.
public struct SQLiteExporter {
    public struct Summary: Sendable {
        /// Rows inserted, replaced or deleted per table, by table name.
        public var changes: [String: Int] = [:]
        public var days = 0
        public var fromSequence: UInt64 = 0
        public var toSequence: UInt64 = 0
        public var isIncremental = false
    }

    public enum Existing: Sendable, Equatable {
        /// No file there.
        case none
        /// This exporter's database of this vault, at its schema version.
        case sameVault
        /// Anything else: another vault's export, another version, or not one of ours.
        case other(String)
    }

    let ledger: Ledger
    let path: String
    /// The scale the daily metrics' rating columns are on, which their headers name.
    public var ratingScale = RatingScale.standard

    public init(ledger: Ledger, path: String) {
        self.ledger = ledger
        self.path = path
    }

    /// What is at `path` now. A file is brought up to date in place only when it is a plain
    /// file of this user's that nobody else may read or write (and so are SQLite's journal files
    /// beside it): a file another user made, or left open to others, would take the health data
    /// somewhere its owner can read, whatever its `export_state` says.
    public func existing() throws -> Existing {
        guard FileManager.default.fileExists(atPath: path) || Self.isSymbolicLink(path) else { return .none }
        for file in [path] + Self.journalSuffixes.map({ path + $0 }) {
            if let problem = Self.notPrivate(file) { return .other(problem) }
        }
        do {
            var configuration = Configuration()
            configuration.readonly = true
            let queue = try DatabaseQueue(path: path, configuration: configuration)
            return try queue.read { db in
                guard try db.tableExists("export_state") else { return .other("it is not a healthledger export") }
                let state = try Self.state(db)
                guard state["vault_id"] == ledger.header.vaultID else { return .other("it was exported from another vault") }
                guard state["schema_version"] == SQLiteSchema.version else {
                    return .other("it has schema version \(state["schema_version"] ?? "?"), this healthledger writes \(SQLiteSchema.version)")
                }
                return .sameVault
            }
        } catch let error as DatabaseError {
            return .other("it is not an SQLite database (\(error.message ?? "\(error.resultCode)"))")
        }
    }

    /// Exports into a new file (after removing what is there) or, for `.sameVault`, adds what is new.
    public func run(metrics: (LocalDay) throws -> DayMetrics, progress: (Int) -> Void = { _ in }) throws -> Summary {
        do {
            return try write(metrics: metrics, progress: progress)
        } catch let error as DatabaseError {
            if error.resultCode == .SQLITE_FULL { throw ExportError.diskFull(path: path) }
            throw ExportError.unwritable(path: path, reason: "SQLite: \(error.message ?? "\(error.resultCode)")")
        }
    }

    private func write(metrics: (LocalDay) throws -> DayMetrics, progress: (Int) -> Void) throws -> Summary {
        let incremental = try existing() == .sameVault
        if !incremental { try createFile() }
        let queue = try DatabaseQueue(path: path)
        var summary = Summary()
        summary.isIncremental = incremental
        try queue.inTransaction(.immediate) { db in
            if !incremental {
                for statement in SQLiteSchema.statements() { try db.execute(sql: statement) }
            }
            try insertMetricColumns(db)
            let start = incremental ? UInt64(try Self.state(db)["next_sequence"] ?? "0") ?? 0 : 0
            let stream = try CurrentEventStream(ledger: ledger, from: start)
            summary.fromSequence = start
            summary.toSequence = stream.end
            var rowsWritten = 0
            try stream.forEach { current in
                guard !current.isRetracted, let row = try EventRow(current.event, sequence: current.stored.sequence) else { return }
                try insert(row, db)
                summary.changes[row.table.name, default: 0] += 1
                rowsWritten += 1
                if rowsWritten % 10_000 == 0 { progress(rowsWritten) }
            }
            for earlier in try stream.amendedEarlierEvents() {
                guard let table = ExportCatalog.table(for: earlier.event.kind) else { continue }
                try db.execute(sql: "DELETE FROM \(SQLiteSchema.quote(table.name)) WHERE id = ?", arguments: [earlier.event.id.description])
                if !earlier.isRetracted, let row = try EventRow(earlier.event, sequence: earlier.stored.sequence) { try insert(row, db) }
                summary.changes[table.name, default: 0] += 1
            }
            summary.days = try writeDays(db, metrics: metrics)
            try Self.setState(db, [
                "vault_id": ledger.header.vaultID, "schema_version": SQLiteSchema.version,
                "next_sequence": String(stream.end), "exported_at": Timestamp.now().iso8601(utcOffset: 0),
            ])
            return .commit
        }
        return summary
    }

    static let journalSuffixes = ["-journal", "-wal", "-shm"]

    /// Why `file` may not be exported into in place, or nil when it is this user's alone (or absent).
    static func notPrivate(_ file: String) -> String? {
        var status = stat()
        guard lstat(file, &status) == 0 else { return nil }
        let name = URL(fileURLWithPath: file).lastPathComponent
        if status.st_mode & S_IFMT != S_IFREG { return "\(name) is not a plain file" }
        if status.st_uid != geteuid() { return "\(name) belongs to another user (uid \(status.st_uid))" }
        if status.st_mode & 0o077 != 0 {
            return "\(name) may be read or written by others (mode \(String(status.st_mode & 0o777, radix: 8)))"
        }
        return nil
    }

    static func isSymbolicLink(_ file: String) -> Bool {
        var status = stat()
        return lstat(file, &status) == 0 && status.st_mode & S_IFMT == S_IFLNK
    }

    /// Replaces whatever is at the path (and SQLite's journal files) with a new empty file,
    /// private (0600) and ours, before SQLite opens it (its journal takes the same mode).
    /// O_EXCL after the unlink: a file someone slips in between is refused, never written into.
    private func createFile() throws {
        for file in [path] + Self.journalSuffixes.map({ path + $0 }) where unlink(file) != 0 && errno != ENOENT {
            throw ExportError.unwritable(path: path, reason: "cannot replace \(file): \(String(cString: strerror(errno)))")
        }
        do {
            close(try OwnerOnlyFile.open(path, existing: .refuse))
        } catch {
            throw ExportError.unwritable(path: path, reason: "cannot create the file: \(error.reason)")
        }
    }

    private func insert(_ row: EventRow, _ db: GRDB.Database) throws {
        let table = row.table
        let sql = "INSERT OR REPLACE INTO \(SQLiteSchema.quote(table.name)) VALUES (\(Array(repeating: "?", count: table.columns.count).joined(separator: ", ")))"
        let statement = try db.cachedStatement(sql: sql)
        try statement.execute(arguments: StatementArguments(row.values.map(Self.databaseValue)))
    }

    private func insertMetricColumns(_ db: GRDB.Database) throws {
        for column in MetricCatalog.columns {
            try db.execute(sql: "INSERT OR REPLACE INTO daily_metric_columns VALUES (?, ?)", arguments: [column.key, column.header(on: ratingScale)])
        }
    }

    /// Every day from the first to the last exported event's local day (or earlier exported
    /// day), upserted: a day's metrics may change with any later event (a late sync, a
    /// correction, a retraction, a setting).
    private func writeDays(_ db: GRDB.Database, metrics: (LocalDay) throws -> DayMetrics) throws -> Int {
        let unions = ExportCatalog.eventTables.map { "SELECT min(local_day) AS first, max(local_day) AS last FROM \(SQLiteSchema.quote($0.name))" }
            + ["SELECT min(date), max(date) FROM daily_metrics"]
        let bounds = try Row.fetchOne(db, sql: "SELECT min(first), max(last) FROM (\(unions.joined(separator: " UNION ALL ")))")
        guard let bounds, let firstText = bounds[0] as String?, let lastText = bounds[1] as String?,
              let first = LocalDay(iso: firstText), let last = LocalDay(iso: lastText) else { return 0 }
        let table = ExportCatalog.dailyMetrics
        let names = table.columns.map { SQLiteSchema.quote($0.name) }
        let updates = names.dropFirst().map { "\($0) = excluded.\($0)" }
        let statement = try db.makeStatement(sql: """
            INSERT INTO daily_metrics (\(names.joined(separator: ", "))) VALUES (\(Array(repeating: "?", count: names.count).joined(separator: ", ")))
            ON CONFLICT (date) DO UPDATE SET \(updates.joined(separator: ", "))
            """)
        for number in first.number...last.number {
            let row = DailyMetricRow(try metrics(LocalDay(number: number)))
            try statement.execute(arguments: StatementArguments(row.values.map(Self.databaseValue)))
        }
        return Int(last.number - first.number + 1)
    }

    static func databaseValue(_ value: ExportValue) -> DatabaseValue {
        switch value {
        case .null: .null
        case .integer(let number): number.databaseValue
        case .real(let number): number.databaseValue
        case .text(let text): text.databaseValue
        case .instant(let time, let offset): time.iso8601(utcOffset: offset).databaseValue
        case .day(let day): day.description.databaseValue
        }
    }

    static func state(_ db: GRDB.Database) throws -> [String: String] {
        let pairs = try Row.fetchAll(db, sql: "SELECT key, value FROM export_state").map { row -> (String, String) in (row["key"], row["value"]) }
        return Dictionary(pairs) { $1 }
    }

    static func setState(_ db: GRDB.Database, _ values: [String: String]) throws {
        for (key, value) in values.sorted(by: { $0.key < $1.key }) {
            try db.execute(sql: "INSERT OR REPLACE INTO export_state VALUES (?, ?)", arguments: [key, value])
        }
    }
}
