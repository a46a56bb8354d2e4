import LedgerCore
import Projections

/// One selection with its source, rows, the field it reads and how it aggregates.
struct PlannedSelection {
    let selection: Selection
    let source: SourceRef
    let rows: SourceRows
    let field: FieldRef
    /// Whether the query named the field (`mood.rating`) rather than the series alone.
    let fieldNamed: Bool
    let aggregate: Aggregate
    let mask: [Bool]
    let ratingScale: RatingScale

    init(selection: Selection, evaluator: Evaluator, days: ClosedRange<Int64>?, filter: Condition?) throws {
        self.selection = selection
        let (source, fieldText) = try evaluator.vocabulary.resolve(selection.source)
        self.source = source
        ratingScale = evaluator.data.ratingScale
        rows = try evaluator.rows(source, days: days, timeFilter: DayHint.timeOnly(filter))
        let traits = SeriesTraits(source)
        let name = selection.source
        if let fieldText {
            field = try evaluator.field(Name(text: fieldText, offset: name.offset + name.text.count - fieldText.count), in: rows)
        } else if rows.numbers.contains(traits.defaultField) {
            field = .number(traits.defaultField)
        } else {
            field = FieldRef.derived[traits.defaultField] ?? .number(traits.defaultField)
        }
        fieldNamed = fieldText != nil
        aggregate = selection.aggregate ?? traits.defaultAggregate
        var mask = try evaluator.mask(filter, rows)
        if let label = selection.label {
            mask = zip(mask, evaluator.labels(of: source, rows)).map { $0 && $1?.lowercased() == label.lowercased() }
        }
        self.mask = mask
    }

    var title: String {
        selection.source.text + (selection.label.map { " \"\($0)\"" } ?? "") + (selection.aggregate.map { " " + $0.rawValue } ?? "")
    }

    /// The unit of this selection's values.
    var unit: String? {
        if aggregate == .count, selection.aggregate != nil || !fieldNamed { return selection.aggregate == .count ? "count" : nil }
        switch (source, field) {
        case (.daily(let key), _):
            return MetricCatalog.columns.contains { $0.key == key && $0.isRating } ? ratingScale.description : MetricCatalog.unit(ofColumn: key)
        case (.series(let name), .number("rating")) where RatingRows.series.contains(name): return ratingScale.description
        // Counted like the daily `step_count`, so that a chart puts both on one axis.
        case (.series("friend_steps"), .number("steps")): return "count"
        case (_, .duration): return "min"
        case (.series, .number("value")):
            var tally: [String: Int] = [:]
            for unit in rows.table.texts["unit"] ?? [] { if let unit { tally[unit, default: 0] += 1 } }
            return tally.max { ($0.value, $1.key) < ($1.value, $0.key) }?.key
        default: return nil
        }
    }

    /// The passing rows' indexes and values, in time order.
    func values(_ evaluator: Evaluator) throws -> [(row: Int, value: Double)] {
        let numbers = try evaluator.numbers(field, rows)
        let starts = rows.table.starts
        let order = starts.indices.filter { mask[$0] }.sorted { starts[$0] < starts[$1] }
        return order.map { ($0, numbers[$0]) }
    }
}
