/// Min, max (PLAIN bytes of the column's physical type) and null count of a column chunk.
struct ColumnStatistics {
    var nullCount: Int64
    var bounds: (min: [UInt8], max: [UInt8])?
}

/// What the footer says about one column chunk (parquet.thrift's `ColumnMetaData`).
struct ColumnChunkMetadata {
    let column: ParquetColumn
    let encodings: [ParquetEncoding]
    let valueCount: Int64
    let uncompressedSize: Int64
    let compressedSize: Int64
    let dataPageOffset: Int64
    let dictionaryPageOffset: Int64?
    let statistics: ColumnStatistics

    var firstPageOffset: Int64 { dictionaryPageOffset ?? dataPageOffset }

    private static let zstdCodec: Int32 = 6

    func write(_ writer: inout ThriftCompactWriter) {
        writer.i64(2, firstPageOffset)
        writer.structure(3) { meta in
            meta.i32(1, column.physicalType)
            meta.i32List(2, encodings.map(\.rawValue))
            meta.stringList(3, [column.name])
            meta.i32(4, Self.zstdCodec)
            meta.i64(5, valueCount)
            meta.i64(6, uncompressedSize)
            meta.i64(7, compressedSize)
            meta.i64(9, dataPageOffset)
            if let dictionaryPageOffset { meta.i64(11, dictionaryPageOffset) }
            meta.structure(12) { stats in
                stats.i64(3, statistics.nullCount)
                if let bounds = statistics.bounds {
                    stats.binary(5, bounds.max)
                    stats.binary(6, bounds.min)
                }
            }
        }
    }
}
