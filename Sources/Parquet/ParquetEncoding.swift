/// The `Encoding` enum of parquet.thrift, the members this writer uses.
enum ParquetEncoding: Int32 {
    case plain = 0
    case rle = 3
    case rleDictionary = 8
}
