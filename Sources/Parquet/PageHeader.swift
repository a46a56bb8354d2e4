/// parquet.thrift's `PageHeader`, serialized; pages are zstd-compressed, CRC-less.
enum PageHeader {
    private static let dataPage: Int32 = 0
    private static let dictionaryPage: Int32 = 2

    /// A v1 data page: definition levels (RLE, when the column is optional) then values.
    static func data(count: Int, encoding: ParquetEncoding, uncompressed: Int, compressed: Int) -> [UInt8] {
        var writer = ThriftCompactWriter()
        writer.i32(1, dataPage)
        writer.i32(2, Int32(uncompressed))
        writer.i32(3, Int32(compressed))
        writer.structure(5) { header in
            header.i32(1, Int32(count))
            header.i32(2, encoding.rawValue)
            header.i32(3, ParquetEncoding.rle.rawValue)
            header.i32(4, ParquetEncoding.rle.rawValue)
        }
        return writer.finish()
    }

    /// A dictionary page: the distinct values, PLAIN-encoded.
    static func dictionary(count: Int, uncompressed: Int, compressed: Int) -> [UInt8] {
        var writer = ThriftCompactWriter()
        writer.i32(1, dictionaryPage)
        writer.i32(2, Int32(uncompressed))
        writer.i32(3, Int32(compressed))
        writer.structure(7) { header in
            header.i32(1, Int32(count))
            header.i32(2, ParquetEncoding.plain.rawValue)
        }
        return writer.finish()
    }
}
