/// One word of a query, with where it stands so errors can point at it.
struct Token: Equatable {
    enum Kind: Equatable {
        case word
        case number(Double)
        /// A number with a time unit, `30m`, `7d`, in microseconds.
        case duration(Int64)
        /// `YYYY-MM-DD`, as days since 1970-01-01.
        case date(Int64)
        case string(String)
        case symbol
        case end
    }

    let kind: Kind
    /// The token as written (for a string, with its quotes).
    let text: String
    /// Offset of the first character in the query, counted in characters from 0.
    let offset: Int
    var length: Int { max(1, text.count) }

    /// Whether this is the word `keyword` (case-insensitive).
    func isWord(_ keyword: String) -> Bool { kind == .word && text.lowercased() == keyword }

    func isSymbol(_ symbol: String) -> Bool { kind == .symbol && text == symbol }
}
