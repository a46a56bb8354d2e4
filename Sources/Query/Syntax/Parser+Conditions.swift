import LedgerCore

extension Parser {
    mutating func condition() throws(QueryError) -> Condition {
        var result = try conjunction()
        while current.isWord("or") {
            _ = advance()
            result = .or(result, try conjunction())
        }
        return result
    }

    mutating func conjunction() throws(QueryError) -> Condition {
        var result = try unary()
        while current.isWord("and") {
            _ = advance()
            result = .and(result, try unary())
        }
        return result
    }

    mutating func unary() throws(QueryError) -> Condition {
        if current.isWord("not") {
            _ = advance()
            return .not(try unary())
        }
        if current.isSymbol("(") {
            _ = advance()
            let inner = try condition()
            try expect(")")
            return inner
        }
        return try predicate()
    }

    mutating func predicate() throws(QueryError) -> Condition {
        // At the end of the query there is no next token: the end stands in for it.
        let next = index + 1 < tokens.count ? tokens[index + 1] : current
        let followedByOperator = next.kind == .symbol && next.text != "(" && next.text != ")" && next.text != ","
        if current.isWord("last") { return try last() }
        if current.isWord("between") { return try between() }
        if current.isWord("within") { return try window() }
        if current.isWord("weekday"), !followedByOperator, !next.isWord("in") { _ = advance(); return .weekday }
        if current.isWord("weekend") { _ = advance(); return .weekend }
        let field = try name(what: "a field, 'last', 'between', 'weekday', 'weekend' or 'within'")
        if current.isWord("in") {
            _ = advance()
            try expect("(")
            var values = [try literal()]
            while current.isSymbol(",") {
                _ = advance()
                values.append(try literal())
            }
            try expect(")")
            return .member(field, values)
        }
        if !followedByOperator, !current.isWord("contains") {
            let words = ["weekday", "weekend", "last", "between", "within"]
            throw QueryError("'\(field.text)' needs a comparison (= != < <= > >= contains in), or use one of \(words.joined(separator: ", "))",
                             at: field.offset, length: field.text.count, suggestion: Nearest.word(to: field.text, in: words))
        }
        let token = advance()
        guard let comparator = Comparator(rawValue: token.kind == .symbol ? token.text : token.text.lowercased()) else {
            throw QueryError("expected a comparison (= != < <= > >= contains in) after '\(field.text)', not '\(token.text.isEmpty ? "the end" : token.text)'",
                             at: token, suggestion: Nearest.word(to: token.text, in: ["contains", "in"]))
        }
        return .compare(field, comparator, try literal())
    }

    mutating func literal() throws(QueryError) -> Literal {
        let token = advance()
        switch token.kind {
        case .number(let value): return .number(value)
        case .string(let text): return .text(text)
        case .word where !Self.reserved.contains(token.text.lowercased()): return .text(token.text)
        case .date(let days): return .text(CivilDays.text(days))
        default:
            throw QueryError("expected a number or \"text\", not '\(token.text.isEmpty ? "the end" : token.text)'", at: token)
        }
    }

    /// `last 7d` or `last 7 days`.
    mutating func last() throws(QueryError) -> Condition {
        _ = advance()
        let token = advance()
        switch token.kind {
        case .duration(let micros): return .last(micros)
        case .number(let amount) where current.kind == .word:
            let unit = advance()
            guard let micros = DurationUnit.micros("\(amount)\(unit.text)") else {
                throw QueryError("'\(unit.text)' is not a time unit (s, m, h, d, w, mo, y)", at: unit,
                                 suggestion: Nearest.word(to: unit.text, in: Array(DurationUnit.units.keys)))
            }
            return .last(micros)
        default:
            throw QueryError("expected a duration after 'last', like 7d or 12h", at: token, suggestion: "last 7d")
        }
    }

    /// `between 2026-01-01 and 2026-03-31`, both days included.
    mutating func between() throws(QueryError) -> Condition {
        _ = advance()
        let first = try date()
        guard current.isWord("and") else { throw QueryError("expected 'and' between the two dates", at: current, suggestion: "and") }
        _ = advance()
        let second = try date()
        guard first.days <= second.days else {
            throw QueryError("the first date is after the second", at: first.token, suggestion: "between \(second.token.text) and \(first.token.text)")
        }
        return .between(first.days, second.days)
    }

    mutating func date() throws(QueryError) -> (days: Int64, token: Token) {
        let token = advance()
        guard case .date(let days) = token.kind else { throw QueryError("expected a date like 2026-01-31", at: token) }
        return (days, token)
    }

    /// `within 30m after activity "Socializing"` or `within 2h before dose (medication = "X")`.
    mutating func window() throws(QueryError) -> Condition {
        _ = advance()
        let token = advance()
        guard case .duration(let micros) = token.kind else {
            throw QueryError("expected a duration after 'within', like 30m or 2h", at: token, suggestion: "within 30m")
        }
        let relationToken = advance()
        guard let relation = WindowRelation(rawValue: relationToken.text.lowercased()) else {
            throw QueryError("expected before, after or around", at: relationToken,
                             suggestion: Nearest.word(to: relationToken.text, in: WindowRelation.allCases.map(\.rawValue)))
        }
        let source = try name(what: "a kind to look for, like activity or dose")
        let label = self.label()
        var condition: Condition?
        if current.isSymbol("(") {
            _ = advance()
            condition = try self.condition()
            try expect(")")
        }
        return .window(Window(micros: micros, relation: relation, source: source, label: label, condition: condition))
    }
}
