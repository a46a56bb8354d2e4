import LedgerCore
import Projections

/// Answers a query: parse, resolve names, filter each selection's rows, then list, total or group.
public enum QueryEngine {
    public static func run(_ query: String, data: QueryData) throws -> QueryResult {
        try run(Parser.parse(query), data: data)
    }

    public static func run(_ ast: QueryAST, data: QueryData) throws -> QueryResult {
        let evaluator = Evaluator(data: data)
        let days = DayHint.days(of: ast.filter, now: data.now.micros)
        let planned = try ast.selections.map { try PlannedSelection(selection: $0, evaluator: evaluator, days: days, filter: ast.filter) }
        if ast.bucket == nil, ast.selections.allSatisfy({ $0.aggregate == nil }) {
            guard planned.count == 1 else {
                throw QueryError("list one kind at a time, or add an aggregate (avg, count…) or `by day`",
                                 at: ast.selections[1].source.offset, length: ast.selections[1].source.text.count)
            }
            return try Listing.result(planned[0], evaluator: evaluator)
        }
        guard let bucket = ast.bucket else {
            let columns = planned.map { QueryResult.Column(title: $0.title, unit: $0.unit) }
            let row = try planned.map { selection -> QueryValue in
                let values = try selection.values(evaluator)
                return selection.aggregate.apply(values.map(\.value)).map(QueryValue.number) ?? .null
            }
            return QueryResult(columns: columns, rows: [row], bucket: nil, times: nil)
        }
        return try grouped(planned, by: bucket, evaluator: evaluator)
    }

    private static func grouped(_ planned: [PlannedSelection], by bucket: Bucket, evaluator: Evaluator) throws -> QueryResult {
        if bucket == .hour, let daily = planned.first(where: { if case .daily = $0.source { true } else { false } }) {
            throw QueryError("daily metrics have one value per day: group them by day, week or month", at: daily.selection.source.offset,
                             length: daily.selection.source.text.count, suggestion: "by day")
        }
        var groups: [[Int64: [Double]]] = []
        for selection in planned {
            let starts = selection.rows.table.starts, offsets = selection.rows.table.offsets, days = selection.rows.days
            let values = try selection.values(evaluator)
            // Sized for a bucket per row, as a day's daily column has: the table is not rehashed as it grows.
            var group: [Int64: [Double]] = [:]
            group.reserveCapacity(values.count)
            for (row, value) in values {
                group[bucket.key(start: starts[row], offset: offsets[row], day: days[row]), default: []].append(value)
            }
            groups.append(group)
        }
        let keys = Set(groups.flatMap(\.keys)).sorted()
        let rows = keys.map { key in
            var row = [QueryValue.text(bucket.label(key))]
            row.reserveCapacity(planned.count + 1)
            for (selection, group) in zip(planned, groups) {
                row.append(group[key].flatMap { selection.aggregate.apply($0) }.map(QueryValue.number) ?? .null)
            }
            return row
        }
        let columns = [QueryResult.Column(title: bucket.rawValue, unit: nil)] + planned.map { QueryResult.Column(title: $0.title, unit: $0.unit) }
        return QueryResult(columns: columns, rows: rows, bucket: bucket, times: keys.map(bucket.start))
    }
}
