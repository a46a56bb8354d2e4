/// Why a Parquet file could not be written.
public struct ParquetError: Error, CustomStringConvertible, Equatable {
    private enum Reason: Equatable {
        case valueMismatch(column: String, value: String)
        case rowWidth(expected: Int, got: Int)
        case compression(String)
        case io(String)
        case diskFull
    }

    private let reason: Reason
    /// The file the system refused to write, when that was the failure.
    public let path: String?

    private init(_ reason: Reason, path: String? = nil) {
        self.reason = reason
        self.path = path
    }

    /// A value of the wrong type for its column, or null in a required column.
    public static func valueMismatch(column: String, value: String) -> Self { Self(.valueMismatch(column: column, value: value)) }
    /// A row with another number of values than the file has columns.
    public static func rowWidth(expected: Int, got: Int) -> Self { Self(.rowWidth(expected: expected, got: got)) }
    /// zstd refused a page, for `reason`.
    static func compression(_ reason: String) -> Self { Self(.compression(reason)) }
    /// The system refused to write `path`, for `reason`.
    static func io(path: String, reason: String) -> Self { Self(.io(reason), path: path) }
    /// The disk filled while writing `path`.
    static func diskFull(path: String) -> Self { Self(.diskFull, path: path) }

    /// Whether the disk filled (free space and write again).
    public var isDiskFull: Bool { reason == .diskFull }

    /// What the system said when it refused to write `path`, unless the disk was full.
    public var systemReason: String? {
        if case .io(let why) = reason { why } else { nil }
    }

    public var description: String {
        switch reason {
        case .valueMismatch(let column, let value): "column \(column) cannot hold \(value)"
        case .rowWidth(let expected, let got): "a row has \(got) values for \(expected) columns"
        case .compression(let why): "zstd failed: \(why)"
        case .io(let why): "cannot write \(path ?? "the file"): \(why)"
        case .diskFull: "cannot write \(path ?? "the file"): the disk is full"
        }
    }
}
