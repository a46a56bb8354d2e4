/// Why a Parquet file could not be written.
public enum ParquetError: Error, CustomStringConvertible, Equatable {
    /// A value of the wrong type for its column, or null in a required column.
    case valueMismatch(column: String, value: String)
    case rowWidth(expected: Int, got: Int)
    case compression(String)
    case io(path: String, reason: String)
    case diskFull(path: String)

    public var description: String {
        switch self {
        case .valueMismatch(let column, let value): "column \(column) cannot hold \(value)"
        case .rowWidth(let expected, let got): "a row has \(got) values for \(expected) columns"
        case .compression(let reason): "zstd failed: \(reason)"
        case .io(let path, let reason): "cannot write \(path): \(reason)"
        case .diskFull(let path): "cannot write \(path): the disk is full"
        }
    }
}
