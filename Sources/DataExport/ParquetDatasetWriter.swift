import Foundation
import LedgerCore
import LedgerCrypto
public import Parquet

/// Writes tables as a Parquet dataset: `DIR/<table>/part-0.parquet`, or for a partitioned
/// table `DIR/<table>/<column>=<value>/part-0.parquet` (Hive-style, the value escaped as
/// Hive does), one file per partition. All open files share one memory budget: when their
/// buffered rows pass it, the fullest file writes a row group.
public final class ParquetDatasetWriter {
    let directory: String
    let budget: Int
    private var files: [String: (writer: ParquetFileWriter, table: ExportTable)] = [:]
    private let metadata: [(String, String)]
    private(set) var rowsWritten: [String: Int] = [:]

    init(directory: String, budget: Int = 64 << 20, metadata: [(String, String)]) {
        self.directory = directory
        self.budget = budget
        self.metadata = metadata
    }

    /// Creates the table's file now, so a table without rows still reads as an empty table
    /// (partitioned tables get folders only for values they hold).
    func prepare(_ table: ExportTable) throws {
        if table.partitionColumn == nil { _ = try file(table, partition: nil) }
    }

    func append(_ table: ExportTable, _ values: [ExportValue]) throws {
        var stored = values
        var partition: String?
        if let index = table.partitionIndex {
            // Cannot fail: a table has a partition column exactly when it has a partition index
            guard case .text(let value) = values[index] else { throw ExportError.unwritable(path: directory, reason: "\(table.name) row without \(table.partitionColumn!)") }
            partition = value
            stored.remove(at: index)
        }
        let writer = try file(table, partition: partition)
        try writer.append(stored.map(Self.parquetValue))
        rowsWritten[table.name, default: 0] += 1
        if rowsWritten.values.reduce(0, +) % 1024 == 0 { try keepWithinBudget() }
    }

    func close() throws {
        for (_, file) in files.sorted(by: { $0.key < $1.key }) { try file.writer.close() }
        files.removeAll()
    }

    private func keepWithinBudget() throws {
        var total = files.values.reduce(0) { $0 + $1.writer.bufferedBytes }
        while total > budget, let fullest = files.values.max(by: { $0.writer.bufferedBytes < $1.writer.bufferedBytes }) {
            total -= fullest.writer.bufferedBytes
            try fullest.writer.flushRowGroup()
        }
    }

    private func file(_ table: ExportTable, partition: String?) throws -> ParquetFileWriter {
        var folder = directory + "/" + table.name
        var partitionMetadata: [(String, String)] = []
        if let partition, let column = table.partitionColumn {
            let segment = Self.segment(column: column, value: partition)
            folder += "/" + segment
            if segment != column + "=" + Self.escape(partition) { partitionMetadata = [("healthledger.partition_value", partition)] }
        }
        if let open = files[folder] { return open.writer }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let columns = table.columns.filter { $0.name != table.partitionColumn }.map(Self.parquetColumn)
        let writer = try ParquetFileWriter(
            path: folder + "/part-0.parquet", columns: columns, rowGroupBytes: min(budget, 16 << 20),
            metadata: metadata + [("healthledger.table", table.name)] + partitionMetadata)
        files[folder] = (writer, table)
        return writer
    }

    public static func parquetColumn(_ column: ExportColumn) -> ParquetColumn {
        let kind: ParquetColumn.Kind = switch column.kind {
        case .integer: .int64
        case .real: .double
        case .text: .string
        case .instant: .timestampMicros
        case .day: .date
        }
        return ParquetColumn(column.name, kind, optional: column.isOptional)
    }

    public static func parquetValue(_ value: ExportValue) -> ParquetValue {
        switch value {
        case .null: .null
        case .integer(let number): .int(number)
        case .real(let number): .double(number)
        case .text(let text): .string(text)
        case .instant(let time, _): .int(time.micros)
        case .day(let day): .int(day.number)
        }
    }

    /// The most bytes a partition's folder name may take: file systems allow 255, and a
    /// sample type is whatever the imported file said (200 "é" escape to 1,200 bytes).
    static let maximumSegmentBytes = 200

    /// `column=value`, the value escaped; one too long for a folder name keeps the start of
    /// its escaped form (whole `%XX` only) and `~` with 16 hex digits of its BLAKE2b, so two
    /// long values sharing a start stay apart. That file's metadata holds the whole value
    /// (`healthledger.partition_value`).
    static func segment(column: String, value: String) -> String {
        let escaped = escape(value)
        let whole = column + "=" + escaped
        guard whole.utf8.count > maximumSegmentBytes else { return whole }
        let digest = Hashing.blake2b(Array(value.utf8), outputLength: 8).map { String(format: "%02x", $0) }.joined()
        // The escaped form is ASCII, so characters are bytes; a `%` within the last two
        // characters kept starts an escape cut short, which goes too.
        var kept = escaped.prefix(maximumSegmentBytes - column.utf8.count - 1 - 17)
        if let percent = kept.suffix(2).lastIndex(of: "%") { kept = kept[..<percent] }
        return column + "=" + String(kept) + "~" + digest
    }

    /// Hive's escaping of a partition value: characters that cannot sit in a path segment
    /// (and `%`, `=`) as `%XX`.
    static func escape(_ value: String) -> String {
        var output = ""
        for byte in value.utf8 {
            let character = Character(Unicode.Scalar(byte))
            if byte < 0x80, character.isLetter || character.isNumber || "-_.".contains(character) {
                output.append(character)
            } else {
                output += String(format: "%%%02X", byte)
            }
        }
        return output
    }
}
