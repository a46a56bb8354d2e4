/// A query that cannot be read or answered, pointing at the column where the problem is.
public struct QueryError: Error, Equatable, CustomStringConvertible {
    public let message: String
    /// Character offset in the query (0-based).
    public let offset: Int
    public let length: Int
    /// A corrected word to try, e.g. the nearest known field name.
    public let suggestion: String?

    init(_ message: String, at offset: Int, length: Int = 1, suggestion: String? = nil) {
        self.message = message
        self.offset = offset
        self.length = max(1, length)
        self.suggestion = suggestion
    }

    init(_ message: String, at token: Token, suggestion: String? = nil) {
        self.init(message, at: token.offset, length: token.length, suggestion: suggestion)
    }

    /// The column people count in, from 1.
    public var column: Int { offset + 1 }

    public var description: String {
        "column \(column): \(message)" + (suggestion.map { " — did you mean '\($0)'?" } ?? "")
    }

    /// The message, the query, and a caret line under the offending words.
    public func rendered(in query: String) -> String {
        let caret = String(repeating: " ", count: offset) + String(repeating: "^", count: length)
        return "\(description)\n  \(query)\n  \(caret)"
    }
}
