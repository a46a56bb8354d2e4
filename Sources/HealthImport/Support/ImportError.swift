/// Why an import stopped before storing anything: the folder is not there, or a file in it
/// is malformed (named with its line and column, so it can be fixed and the import re-run).
public struct ImportError: Error, CustomStringConvertible, Equatable {
    enum Reason: Equatable {
        case missing(String)
        case malformed(line: Int?, column: String?, String)
        case unreadable(String)
    }

    let reason: Reason
    /// The folder or file the error is about.
    public let path: String

    static func missing(_ path: String, _ detail: String) -> ImportError { ImportError(reason: .missing(detail), path: path) }

    static func malformed(_ path: String, line: Int? = nil, column: String? = nil, _ detail: String) -> ImportError {
        ImportError(reason: .malformed(line: line, column: column, detail), path: path)
    }

    static func unreadable(_ path: String, _ detail: String) -> ImportError { ImportError(reason: .unreadable(detail), path: path) }

    /// A file whose content is wrong, as opposed to a folder or file that is not there or cannot be read.
    public var isMalformed: Bool { if case .malformed = reason { true } else { false } }

    public var isMissing: Bool { if case .missing = reason { true } else { false } }

    /// The field (or column) a malformed input is wrong at, when one is named.
    public var field: String? { if case .malformed(_, let column, _) = reason { column } else { nil } }

    /// What is wrong, without the file and the advice about re-running an import.
    public var detail: String {
        switch reason {
        case .missing(let detail), .unreadable(let detail), .malformed(_, _, let detail): detail
        }
    }

    public var description: String {
        switch reason {
        case .missing(let detail): return "\(path): \(detail)"
        case .unreadable(let detail): return "cannot read \(path): \(detail)"
        case .malformed(let line, let column, let detail):
            var place = path
            if let line { place += ", line \(line)" }
            if let column { place += ", column '\(column)'" }
            return "\(place): \(detail); nothing was imported — fix or move the file and run the import again"
        }
    }
}
