/// One column of a flat Parquet schema.
public struct ParquetColumn: Sendable, Hashable {
    public enum Kind: Sendable, Hashable {
        /// INT64, no annotation.
        case int64
        /// DOUBLE.
        case double
        /// BYTE_ARRAY annotated STRING (UTF-8), dictionary-encoded unless mostly distinct.
        case string
        /// INT64 annotated TIMESTAMP(MICROS, isAdjustedToUTC = true): microseconds since
        /// the Unix epoch, an instant; readers show it in their session's time zone.
        case timestampMicros
        /// INT32 annotated DATE: days since 1970-01-01, a calendar day with no zone.
        case date
    }

    public let name: String
    public let kind: Kind
    public let isOptional: Bool

    public init(_ name: String, _ kind: Kind, optional: Bool = false) {
        self.name = name
        self.kind = kind
        self.isOptional = optional
    }
}

/// A cell: `int` serves int64, timestamp (microseconds) and date (days) columns.
public enum ParquetValue: Sendable, Hashable {
    case null
    case int(Int64)
    case double(Double)
    case string(String)
}
