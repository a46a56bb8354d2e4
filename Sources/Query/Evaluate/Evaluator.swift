import LedgerCore
import Projections

/// Reads sources and evaluates conditions over them, one column at a time.
final class Evaluator {
    let data: QueryData
    let vocabulary: Vocabulary

    init(data: QueryData) {
        self.data = data
        vocabulary = Vocabulary(index: data.index)
    }

    /// The rows of `source` whose local day may fall in `days` (all when nil); daily metrics
    /// only on the days that pass `timeFilter`, since each day costs a partition to reduce.
    func rows(_ source: SourceRef, days: ClosedRange<Int64>?, timeFilter: Condition? = nil) throws -> SourceRows {
        switch source {
        case .series(let name):
            let fields = DocumentedFields.adding(to: data.index.fields(of: name), series: name)
            var table = try data.index.rows(of: name, days: days)
            if RatingRows.series.contains(name) { table = RatingRows.onScale(table, data.ratingScale) }
            return SourceRows(source: source, name: Vocabulary.alias(of: name) ?? name, table: table, numbers: fields.numbers, texts: fields.texts)
        case .daily(let key):
            guard let known = data.index.dayRange else {
                return SourceRows(source: source, name: key, table: SeriesTable(), numbers: ["value"], texts: [])
            }
            let range = days.map { max($0.lowerBound, known.lowerBound)...max(max($0.lowerBound, known.lowerBound), min($0.upperBound, known.upperBound)) } ?? known
            let candidates = range.map { $0 * LocalTime.microsPerDay }
            let calendar = SourceRows(source: source, name: key, table: SeriesTable(starts: candidates, ends: candidates,
                offsets: [Int32](repeating: 0, count: candidates.count), numbers: [:]), numbers: [], texts: [])
            let possible = try mask(timeFilter, calendar)
            let kept = zip(range, possible).filter(\.1).map(\.0)
            var starts: [Int64] = []
            var values: [Double] = []
            for (day, value) in zip(kept, try data.dailyValues(key, days: kept)) {
                guard let value else { continue }
                starts.append(day * LocalTime.microsPerDay)
                values.append(value)
            }
            let table = SeriesTable(starts: starts, ends: starts, offsets: [Int32](repeating: 0, count: starts.count), numbers: ["value": values])
            return SourceRows(source: source, name: key, table: table, numbers: ["value"], texts: [])
        }
    }

    func field(_ name: Name, in rows: SourceRows) throws(QueryError) -> FieldRef {
        try FieldRef.resolve(name, numbers: rows.numbers, texts: rows.texts, vocabulary: vocabulary, series: rows.name)
    }

    /// The numeric values of `field` per row (NaN where missing).
    func numbers(_ field: FieldRef, _ rows: SourceRows) throws -> [Double] {
        let table = rows.table
        switch field {
        case .number(let name): return table.numbers[name] ?? [Double](repeating: .nan, count: rows.count)
        case .text: return [Double](repeating: .nan, count: rows.count)
        case .hour:
            return (0..<rows.count).map { Double(LocalTime.hourIndex(table.starts[$0], table.offsets[$0]) - rows.days[$0] * 24) }
        case .weekday: return rows.days.map { Double(CivilDays.weekday($0)) }
        case .duration: return (0..<rows.count).map { Double(table.ends[$0] - table.starts[$0]) / 60_000_000 }
        case .daily(let key): return try rows.days.map { try data.dailyValue(key, day: $0) ?? .nan }
        }
    }

    func texts(_ field: FieldRef, _ rows: SourceRows) -> [String?] {
        guard case .text(let name) = field else { return [String?](repeating: nil, count: rows.count) }
        return rows.table.texts[name] ?? [String?](repeating: nil, count: rows.count)
    }
}
