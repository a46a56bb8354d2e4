import Projections

/// A query without aggregates or grouping: the passing rows themselves, in time order.
enum Listing {
    static func result(_ planned: PlannedSelection, evaluator: Evaluator) throws -> QueryResult {
        let rows = planned.rows
        var fields: [FieldRef] = [planned.field]
        if !planned.fieldNamed {
            fields += rows.numbers.sorted().map(FieldRef.number).filter { $0 != planned.field }
            fields += rows.texts.sorted().map(FieldRef.text)
        }
        let columns = try fields.map { field in
            (field, try evaluator.numbers(field, rows), evaluator.texts(field, rows))
        }
        let order = rows.table.starts.indices.filter { planned.mask[$0] }.sorted { rows.table.starts[$0] < rows.table.starts[$1] }
        let times = order.map { LocalTime.local(rows.table.starts[$0], rows.table.offsets[$0]) }
        let values = zip(order, times).map { row, time in
            [QueryValue.text(Self.timeText(time))] + columns.map { field, numbers, texts in
                if field.isText { return texts[row].map(QueryValue.text) ?? .null }
                return numbers[row].isNaN ? .null : .number(numbers[row])
            }
        }
        let titles = [QueryResult.Column(title: "time", unit: nil)] + fields.map { field in
            QueryResult.Column(title: Self.title(field), unit: field == planned.field ? planned.unit : nil)
        }
        return QueryResult(columns: titles, rows: values, bucket: nil, times: times)
    }

    static func title(_ field: FieldRef) -> String {
        switch field {
        case .number(let name), .text(let name), .daily(let name): name
        case .hour: "hour"
        case .weekday: "weekday"
        case .duration: "duration"
        }
    }

    /// `2026-03-01 14:05` from local microseconds.
    static func timeText(_ local: Int64) -> String {
        let day = LocalTime.floorDivide(local, LocalTime.microsPerDay)
        let minutes = (local - day * LocalTime.microsPerDay) / 60_000_000
        return CivilDays.text(day) + " " + CivilDays.pad(minutes / 60, 2) + ":" + CivilDays.pad(minutes % 60, 2)
    }
}
