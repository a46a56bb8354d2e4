import LedgerCore
import Projections

extension Evaluator {
    /// Which rows pass `condition` (all when nil).
    func mask(_ condition: Condition?, _ rows: SourceRows) throws -> [Bool] {
        guard let condition else { return [Bool](repeating: true, count: rows.count) }
        switch condition {
        case .and(let left, let right): return zip(try mask(left, rows), try mask(right, rows)).map { $0 && $1 }
        case .or(let left, let right): return zip(try mask(left, rows), try mask(right, rows)).map { $0 || $1 }
        case .not(let inner): return try mask(inner, rows).map(!)
        case .last(let micros):
            let since = data.now.micros - micros
            return rows.table.starts.map { $0 >= since }
        case .between(let first, let last): return rows.days.map { (first...last).contains($0) }
        case .weekday: return rows.days.map { CivilDays.weekday($0) <= 5 }
        case .weekend: return rows.days.map { CivilDays.weekday($0) >= 6 }
        case .compare(let name, let comparator, let literal): return try compare(name, comparator, [literal], rows)
        case .member(let name, let literals): return try compare(name, .equal, literals, rows)
        case .window(let window): return try self.window(window, rows)
        }
    }

    /// Rows whose field matches any of `literals` under `comparator`; a missing value never matches.
    private func compare(_ name: Name, _ comparator: Comparator, _ literals: [Literal], _ rows: SourceRows) throws -> [Bool] {
        let field = try self.field(name, in: rows)
        if field.isText {
            let wanted: [String] = try literals.map { literal throws(QueryError) in
                guard case .text(let text) = literal else {
                    throw QueryError("'\(name.text)' is text: compare it with \"quoted text\"", at: name.offset, length: name.text.count)
                }
                return text.lowercased()
            }
            return texts(field, rows).map { value in
                guard let value = value?.lowercased() else { return false }
                return wanted.contains { comparator == .contains ? value.contains($0) : Self.holds(comparator, value, $0) }
            }
        }
        let wanted: [Double] = try literals.map { literal throws(QueryError) in
            guard case .number(let number) = literal, comparator != .contains else {
                throw QueryError("'\(name.text)' is a number: compare it with = != < <= > >= and a number", at: name.offset, length: name.text.count)
            }
            return number
        }
        return try numbers(field, rows).map { value in
            !value.isNaN && wanted.contains { Self.holds(comparator, value, $0) }
        }
    }

    /// `contains` is text-only and handled by the caller.
    static func holds<T: Comparable>(_ comparator: Comparator, _ value: T, _ wanted: T) -> Bool {
        switch comparator {
        case .equal: value == wanted
        case .notEqual: value != wanted
        case .less: value < wanted
        case .lessOrEqual: value <= wanted
        case .greater: value > wanted
        case .greaterOrEqual: value >= wanted
        case .contains: false
        }
    }
}
