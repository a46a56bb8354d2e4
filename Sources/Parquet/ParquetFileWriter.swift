public import Glibc
import LedgerCore

/// Writes one Parquet file row by row: rows are buffered per column and written as a row
/// group whenever the buffered values reach `rowGroupBytes`, so memory stays bounded by that
/// size whatever the number of rows. The footer is written by `close()`.
///
/// Every column chunk is one zstd-compressed v1 data page (after a dictionary page for
/// string columns whose values repeat); the footer carries min/max/null-count statistics
/// and type-defined column orders so readers can skip row groups.
public final class ParquetFileWriter {
    public let path: String
    public let columns: [ParquetColumn]
    public let rowGroupBytes: Int
    private let keyValueMetadata: [(String, String)]
    private var buffers: [ColumnChunkBuffer]
    private var bufferedRows = 0
    private var rowGroups: [(rows: Int64, columns: [ColumnChunkMetadata])] = []
    private var offset: Int64 = 0
    private var descriptor: Int32
    private let compressor = ZstdPageCompressor()

    public static let magic: [UInt8] = Array("PAR1".utf8)

    /// Creates (or truncates) `path` with `permissions`; `metadata` goes into the footer.
    public init(
        path: String, columns: [ParquetColumn], rowGroupBytes: Int = 8 << 20,
        metadata: [(String, String)] = [], permissions: mode_t = 0o600
    ) throws {
        self.path = path
        self.columns = columns
        self.rowGroupBytes = rowGroupBytes
        keyValueMetadata = metadata
        buffers = columns.map(ColumnChunkBuffer.init)
        do {
            descriptor = try OwnerOnlyFile.open(path, existing: .truncate, permissions: permissions)
        } catch {
            throw ParquetError.io(path: path, reason: error.reason)
        }
        try write(Self.magic)
    }

    deinit { if descriptor >= 0 { Glibc.close(descriptor) } }

    /// The bytes the current row group holds so far.
    public var bufferedBytes: Int { buffers.reduce(0) { $0 + $1.estimatedBytes } }

    public func append(_ row: [ParquetValue]) throws {
        guard row.count == buffers.count else { throw ParquetError.rowWidth(expected: buffers.count, got: row.count) }
        for index in row.indices { try buffers[index].append(row[index]) }
        bufferedRows += 1
        if bufferedBytes >= rowGroupBytes { try flushRowGroup() }
    }

    /// Writes the buffered rows as a row group (nothing when none are buffered).
    public func flushRowGroup() throws {
        guard bufferedRows > 0 else { return }
        var chunks: [ColumnChunkMetadata] = []
        for index in buffers.indices {
            let (bytes, metadata) = try buffers[index].encode(rowCount: bufferedRows, at: offset, compressor: compressor)
            try write(bytes)
            chunks.append(metadata)
            buffers[index].reset()
        }
        rowGroups.append((Int64(bufferedRows), chunks))
        bufferedRows = 0
    }

    /// Flushes the last row group, writes the footer and closes the file.
    public func close() throws {
        try flushRowGroup()
        let footer = footerBytes()
        try write(footer)
        try write(withUnsafeBytes(of: UInt32(footer.count).littleEndian) { Array($0) })
        try write(Self.magic)
        let status = fsync(descriptor) == 0 && Glibc.close(descriptor) == 0
        descriptor = -1
        if !status { throw ParquetError.io(path: path, reason: String(cString: strerror(errno))) }
    }

    public var rowCount: Int64 { rowGroups.reduce(0) { $0 + $1.rows } + Int64(bufferedRows) }

    private func footerBytes() -> [UInt8] {
        var writer = ThriftCompactWriter()
        writer.i32(1, 1)
        let root: ParquetColumn? = nil
        writer.structList(2, [root] + columns.map(Optional.some)) { element, column in
            if let column {
                column.writeSchemaElement(&element)
            } else {
                element.string(4, "schema")
                element.i32(5, Int32(columns.count))
            }
        }
        writer.i64(3, rowGroups.reduce(0) { $0 + $1.rows })
        writer.structList(4, Array(rowGroups.enumerated())) { group, entry in
            let (ordinal, rowGroup) = entry
            group.structList(1, rowGroup.columns) { chunk, metadata in metadata.write(&chunk) }
            group.i64(2, rowGroup.columns.reduce(0) { $0 + $1.uncompressedSize })
            group.i64(3, rowGroup.rows)
            group.i64(5, rowGroup.columns[0].firstPageOffset)
            group.i64(6, rowGroup.columns.reduce(0) { $0 + $1.compressedSize })
            group.i16(7, Int16(clamping: ordinal))
        }
        if !keyValueMetadata.isEmpty {
            writer.structList(5, keyValueMetadata) { pair, entry in
                pair.string(1, entry.0)
                pair.string(2, entry.1)
            }
        }
        // parquet-java parses "<app> version <v> (build <b>)" and ignores the string
        // statistics of writers it cannot parse.
        writer.string(6, "healthledger version 1 (build parquet-writer)")
        writer.structList(7, columns) { order, _ in order.structure(1) { _ in } }
        return writer.finish()
    }

    private func write(_ bytes: [UInt8]) throws {
        do {
            try WriteAll.write(bytes, to: descriptor)
        } catch {
            if error.code == ENOSPC { throw ParquetError.diskFull(path: path) }
            throw ParquetError.io(path: path, reason: error.reason)
        }
        offset += Int64(bytes.count)
    }
}
