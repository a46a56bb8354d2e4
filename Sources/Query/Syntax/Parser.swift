import LedgerCore

/// Reads a query into its syntax tree; see docs/query.md for the grammar.
public struct Parser {
    var tokens: [Token]
    var index = 0

    /// Parses `query`, or throws an error pointing at the first word that does not fit.
    public static func parse(_ query: String) throws(QueryError) -> QueryAST {
        var parser = Parser(tokens: try Lexer.tokens(query))
        return try parser.query()
    }

    var current: Token { tokens[index] }

    mutating func advance() -> Token {
        let token = tokens[index]
        if index < tokens.count - 1 { index += 1 }
        return token
    }

    static let clauseWords = ["by", "where"]

    mutating func query() throws(QueryError) -> QueryAST {
        var selections = [try selection()]
        while current.isSymbol(",") {
            _ = advance()
            selections.append(try selection())
        }
        var bucket: Bucket?
        var filter: Condition?
        while current.kind != .end {
            if current.isWord("by"), bucket == nil {
                _ = advance()
                bucket = try self.bucket()
            } else if current.isWord("where"), filter == nil {
                _ = advance()
                filter = try condition()
            } else {
                let expected = (bucket == nil ? ["by"] : []) + (filter == nil ? ["where"] : [])
                let aggregateFits = bucket == nil && filter == nil && selections.last?.aggregate == nil
                let words = expected + (aggregateFits ? Aggregate.allCases.map(\.rawValue) : [])
                let items = expected.map { "'\($0)'" } + (aggregateFits ? ["an aggregate"] : []) + ["the end"]
                throw QueryError("expected \(Self.list(items)), not '\(current.text)'", at: current, suggestion: Nearest.word(to: current.text, in: words))
            }
        }
        return QueryAST(selections: selections, bucket: bucket, filter: filter)
    }

    mutating func selection() throws(QueryError) -> Selection {
        if let aggregate = Aggregate(rawValue: current.text.lowercased()), tokens[index + 1].isSymbol("(") {
            _ = advance()
            _ = advance()
            let source = try name(what: "a kind, field or daily metric")
            let label = self.label()
            try expect(")")
            return Selection(source: source, label: label, aggregate: aggregate)
        }
        let source = try name(what: "a kind, field or daily metric")
        let label = self.label()
        var aggregate: Aggregate?
        if current.kind == .word, let named = Aggregate(rawValue: current.text.lowercased()) {
            aggregate = named
            _ = advance()
        }
        return Selection(source: source, label: label, aggregate: aggregate)
    }

    /// A quoted label after a name, if there is one.
    mutating func label() -> String? {
        guard case .string(let text) = current.kind else { return nil }
        _ = advance()
        return text
    }

    mutating func bucket() throws(QueryError) -> Bucket {
        let token = advance()
        guard let bucket = Bucket(rawValue: token.text.lowercased()) else {
            throw QueryError("group by hour, day, week or month, not '\(token.text)'", at: token,
                             suggestion: Nearest.word(to: token.text, in: Bucket.allCases.map(\.rawValue)))
        }
        return bucket
    }

    mutating func name(what: String) throws(QueryError) -> Name {
        let token = current
        guard token.kind == .word, !Self.reserved.contains(token.text.lowercased()) else {
            throw QueryError("expected \(what), not '\(token.text.isEmpty ? "the end" : token.text)'", at: token)
        }
        _ = advance()
        return Name(text: token.text, offset: token.offset)
    }

    mutating func expect(_ symbol: String) throws(QueryError) {
        guard current.isSymbol(symbol) else {
            throw QueryError("expected '\(symbol)', not '\(current.text.isEmpty ? "the end" : current.text)'", at: current, suggestion: symbol)
        }
        _ = advance()
    }

    static let reserved: Set<String> = ["by", "where", "and", "or", "not", "in", "contains", "within", "last", "between", "before", "after", "around"]

    static func list(_ items: [String]) -> String {
        items.count <= 1 ? items.joined() : items.dropLast().joined(separator: ", ") + " or " + (items.last ?? "")
    }
}
