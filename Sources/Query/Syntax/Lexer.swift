/// Splits a query into tokens: words (names may hold `.` and `_`), numbers, durations
/// (`30m`, `7d`), dates (`2026-01-31`), quoted strings and operators.
struct Lexer {
    private let characters: [Character]
    private var position = 0

    init(_ query: String) { characters = Array(query) }

    static func tokens(_ query: String) throws(QueryError) -> [Token] {
        var lexer = Lexer(query)
        var tokens: [Token] = []
        while true {
            let token = try lexer.next()
            tokens.append(token)
            if token.kind == .end { return tokens }
        }
    }

    private mutating func next() throws(QueryError) -> Token {
        while position < characters.count, characters[position].isWhitespace { position += 1 }
        let start = position
        guard position < characters.count else { return Token(kind: .end, text: "", offset: start) }
        let character = characters[position]
        if character == "\"" || character == "'" { return try string(quote: character) }
        if character.isNumber || (character == "-" && peek(1)?.isNumber == true) { return try number() }
        if character.isLetter || character == "_" {
            while let next = peek(0), next.isLetter || next.isNumber || next == "_" || next == "." { position += 1 }
            return Token(kind: .word, text: String(characters[start..<position]), offset: start)
        }
        for symbol in ["<=", ">=", "!=", "==", "=", "<", ">", "(", ")", ","] where matches(symbol) {
            position += symbol.count
            return Token(kind: .symbol, text: symbol == "==" ? "=" : symbol, offset: start)
        }
        throw QueryError("'\(character)' has no meaning here; use = != < <= > >=, quotes for text, parentheses to group", at: start)
    }

    private func peek(_ ahead: Int) -> Character? {
        position + ahead < characters.count ? characters[position + ahead] : nil
    }

    private func matches(_ symbol: String) -> Bool {
        Array(symbol).enumerated().allSatisfy { peek($0.offset) == $0.element }
    }

    private mutating func string(quote: Character) throws(QueryError) -> Token {
        let start = position
        position += 1
        var value = ""
        while let character = peek(0), character != quote {
            value.append(character)
            position += 1
        }
        guard peek(0) == quote else { throw QueryError("this text has no closing \(quote)", at: start, suggestion: String(characters[start...]) + String(quote)) }
        position += 1
        return Token(kind: .string(value), text: String(characters[start..<position]), offset: start)
    }

    private mutating func number() throws(QueryError) -> Token {
        let start = position
        if characters[position] == "-" { position += 1 }
        while let next = peek(0), next.isNumber || next == "." || next == "-" || next.isLetter { position += 1 }
        let text = String(characters[start..<position])
        if text.count == 10, text.filter({ $0 == "-" }).count == 2, let days = Self.days(text) {
            return Token(kind: .date(days), text: text, offset: start)
        }
        if let value = Double(text) { return Token(kind: .number(value), text: text, offset: start) }
        if let micros = DurationUnit.micros(text) { return Token(kind: .duration(micros), text: text, offset: start) }
        throw QueryError("'\(text)' is not a number, a duration like 30m or 7d, nor a date like 2026-01-31", at: start, length: text.count)
    }

    private static func days(_ text: String) -> Int64? {
        let parts = text.split(separator: "-").compactMap { Int64($0) }
        guard parts.count == 3, (1...12).contains(parts[1]), (1...31).contains(parts[2]) else { return nil }
        return CivilDays.from(year: parts[0], month: parts[1], day: parts[2])
    }
}
